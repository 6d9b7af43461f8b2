import type http from "node:http";
import { parseJsonBody, startFakeHttpServer } from "./fake-http";

/**
 * A stand-in for Cloudflare's API: records every request and answers each with the next status
 * of a programmable sequence (200 once it runs out). It answers the two calls the site makes:
 * `POST /zones/{id}/purge_cache` and `GET /zones/{id}` (Test connection), with Cloudflare's
 * envelope `{ "success", "errors", "messages", "result" }`.
 */

export interface ReceivedCloudflareRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed JSON body, or null. */
  json: { files?: string[]; purge_everything?: boolean } | null;
  /** The status the fake answered with. */
  answered: number;
}

export interface FakeCloudflare {
  /** The base URL for CLOUDFLARE_API_URL (http on 127.0.0.1: needs ALLOW_PRIVATE_OUTBOUND=1). */
  url: string;
  received: ReceivedCloudflareRequest[];
  /** The purge calls so far. */
  purges(): ReceivedCloudflareRequest[];
  /** The statuses of the next answers, in order. */
  answerWith(...statuses: number[]): void;
  /** Waits until a purge satisfying `match` arrived; fails after `timeoutMs`. */
  waitForPurge(
    match: (purge: ReceivedCloudflareRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedCloudflareRequest>;
  close(): Promise<void>;
}

export async function startFakeCloudflare(): Promise<FakeCloudflare> {
  const received: ReceivedCloudflareRequest[] = [];
  const statuses: number[] = [];
  const isPurge = (r: Pick<ReceivedCloudflareRequest, "method" | "path">) =>
    r.method === "POST" && /\/purge_cache$/.test(r.path);
  const server = await startFakeHttpServer((req, res, body) => {
    const answered = statuses.shift() ?? 200;
    const request: ReceivedCloudflareRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body,
      json: parseJsonBody(body) as ReceivedCloudflareRequest["json"],
      answered,
    };
    received.push(request);
    const zoneId = /\/zones\/([^/]+)/.exec(request.path)?.[1] ?? "";
    let answer: unknown;
    if (answered >= 300) {
      const error =
        answered === 401 || answered === 403
          ? { code: 10000, message: "Authentication error" }
          : { code: 10001, message: "Service unavailable" };
      answer = { success: false, errors: [error], messages: [], result: null };
    } else if (isPurge(request)) {
      answer = { success: true, errors: [], messages: [], result: { id: zoneId } };
    } else {
      answer = {
        success: true,
        errors: [],
        messages: [],
        result: { id: zoneId, name: "example.com", status: "active" },
      };
    }
    res.writeHead(answered, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer));
  });
  const purges = () => received.filter(isPurge);
  return {
    url: `${server.url}/client/v4`,
    received,
    purges,
    answerWith(...next) {
      statuses.push(...next);
    },
    waitForPurge: (match, timeoutMs) =>
      server.waitUntil(
        () => purges().find(match),
        timeoutMs,
        () =>
          `the fake Cloudflare got no such purge among ${purges().length}: ${purges()
            .map((p) => p.body)
            .join(" | ")}`,
      ),
    close: server.close,
  };
}
