import fc from "fast-check";
import { projectRoot } from "../server";
import type { FuzzBody } from "./requests";

/** One generated request: a method, a path (with its query) and a body. */
export interface FuzzCase {
  method?: string;
  path: string;
  body: FuzzBody;
  headers?: Record<string, string>;
}

export interface FuzzFailure {
  status: number;
  reason: string;
  request: { method: string; path: string; kind: string; contentType?: string; body: string };
  response: string;
}

export interface FuzzReport {
  name: string;
  cases: number;
  statuses: Record<number, number>;
  failures: FuzzFailure[];
  /** Requests sent a second time because the connection dropped before any answer. */
  retried: number;
  retryCauses: string[];
  ms: number;
}

/**
 * What must never be in an answer: stack frames, file paths of the server, error class names of
 * the runtime. Each pattern is one a framework prints when an error escapes.
 */
export const LEAK_PATTERNS: [RegExp, string][] = [
  [/\n\s+at [^\n]+:\d+:\d+/, "stack frame"],
  [/^\s{4}at /m, "stack frame"],
  [/node_modules/, "node_modules path"],
  [new RegExp(projectRoot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), "project path"],
  [/["'\s(]\/app\/(?:server|build|node_modules|app)\//, "container path"],
  [/\b(?:Type|Reference|Syntax|Range|Postgres|Drizzle|Zod)Error\b/, "runtime error class"],
  [/\bat (?:async )?[A-Za-z_.$<>]+ \(/, "stack frame"],
  [
    /\b(?:ECONNREFUSED|ERR_[A-Z_]{4,}|SQLSTATE|duplicate key value|violates (?:unique|foreign key|check) constraint|out of range for type)\b/,
    "database or runtime code",
  ],
];

export function leakIn(text: string): string | null {
  for (const [pattern, reason] of LEAK_PATTERNS) if (pattern.test(text)) return reason;
  return null;
}

function describeBody(body: FuzzBody["body"]): string {
  if (body === undefined) return "";
  if (typeof body === "string")
    return body.length > 500 ? `${body.slice(0, 500)}… (${body.length} chars)` : body;
  if (body instanceof Uint8Array) return `bytes ${Buffer.from(body).toString("hex").slice(0, 200)}`;
  return `multipart ${JSON.stringify([...body.entries()].map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 200) : "file"]))}`;
}

let addressCounter = 0;
/** A fresh client address per request, so the per-address rate limits never hide a handler. */
export function rotatingAddress() {
  addressCounter += 1;
  const n = addressCounter + process.pid * 7;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Sends `numRuns` cases drawn from `cases` (reproducible from `seed`), `concurrency` at a time,
 * and records every 5xx and every answer that shows server internals.
 */
export async function fuzzEndpoint(options: {
  name: string;
  baseURL: string;
  cases: fc.Arbitrary<FuzzCase>;
  numRuns?: number;
  concurrency?: number;
  seed?: number;
  headers?: () => Record<string, string>;
}): Promise<FuzzReport> {
  const { name, baseURL, numRuns = 1000, concurrency = 12, seed = 7 } = options;
  const samples = fc.sample(options.cases, { numRuns, seed });
  const statuses: Record<number, number> = {};
  const failures: FuzzFailure[] = [];
  const started = Date.now();
  let next = 0;
  let retried = 0;
  const retryCauses = new Set<string>();

  async function send(sample: FuzzCase) {
    const method = sample.method ?? "POST";
    const headers: Record<string, string> = {
      "X-Forwarded-For": rotatingAddress(),
      Origin: baseURL,
      ...options.headers?.(),
      ...sample.headers,
    };
    if (sample.body.contentType !== undefined) headers["Content-Type"] = sample.body.contentType;
    const hasBody = method !== "GET" && method !== "HEAD" && sample.body.body !== undefined;
    let status = 0;
    let text = "";
    for (let attempt = 1; attempt <= 3 && status === 0; attempt += 1) {
      try {
        const response = await fetch(`${baseURL}${sample.path}`, {
          method,
          headers,
          body: hasBody ? (sample.body.body as BodyInit) : undefined,
          redirect: "manual",
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        text = `no answer: ${(error as Error).message} (${cause?.code ?? ""} ${cause?.message ?? ""})`;
        // A keep-alive connection the server closed just as the client reused it (after an
        // answer given before the body was read: 401, 413, 415): the request never reached a
        // handler; sent again, at most twice (the pool may hand out a second such connection).
        // Counted in the report.
        if (attempt === 1) {
          retried += 1;
          if (retryCauses.size < 5) retryCauses.add(text);
        }
      }
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    const reason = status === 0 ? "no answer" : status >= 500 ? `status ${status}` : leakIn(text);
    if (reason && failures.length < 20) {
      failures.push({
        status,
        reason,
        request: {
          method,
          path: sample.path,
          kind: sample.body.kind,
          contentType: sample.body.contentType,
          body: describeBody(hasBody ? sample.body.body : undefined),
        },
        response: text.slice(0, 800),
      });
    } else if (reason) {
      failures.push({
        status,
        reason,
        request: { method, path: sample.path, kind: sample.body.kind, body: "" },
        response: "",
      });
    }
  }

  async function worker() {
    while (next < samples.length) {
      const sample = samples[next] as FuzzCase;
      next += 1;
      await send(sample);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    name,
    cases: samples.length,
    statuses,
    failures,
    retried,
    retryCauses: [...retryCauses],
    ms: Date.now() - started,
  };
}

/** Log lines at pino's error level or above (50, 60) that appeared in `output` after `from`. */
export function serverErrorsSince(output: string, from: number): string[] {
  return output
    .slice(from)
    .split("\n")
    .filter((line) => /"level":(?:50|60)/.test(line) || /uncaught|unhandled/i.test(line));
}
