import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The plumbing the fake vendor servers (fake-sendgrid, fake-twilio, …) share: an HTTP server on
 * 127.0.0.1 with a free port that hands each request to the fake with its whole body read, and
 * lets tests wait until the fake has received enough.
 */

/** Answers one request; `body` is the request's whole body as UTF-8 text. */
export type FakeHttpHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
) => void;

export interface FakeHttpServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /**
   * Resolves with the first value `probe` returns other than undefined, probing now and after
   * each request; fails with `failure()` after `timeoutMs` (20 s unless given).
   */
  waitUntil<T>(
    probe: () => T | undefined,
    timeoutMs: number | undefined,
    failure: () => string,
  ): Promise<T>;
  /**
   * Resolves with the first `count` items of `list()` once it has that many; fails after
   * `timeoutMs` (20 s unless given) with `describe(how many it had)`.
   */
  waitForCount<T>(
    list: () => T[],
    count: number,
    timeoutMs: number | undefined,
    describe: (got: number) => string,
  ): Promise<T[]>;
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 20_000;

/** The body parsed as JSON, or null when it is empty or not JSON. */
export function parseJsonBody(body: string): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return null;
  }
}

export async function startFakeHttpServer(handler: FakeHttpHandler): Promise<FakeHttpServer> {
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handler(req, res, Buffer.concat(chunks).toString("utf8"));
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const waitUntil: FakeHttpServer["waitUntil"] = (probe, timeoutMs, failure) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(failure()));
      }, timeoutMs ?? DEFAULT_WAIT_MS);
      waiters.add(check);
      check();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    waitUntil,
    waitForCount: (list, count, timeoutMs, describe) =>
      waitUntil(
        () => {
          const items = list();
          return items.length < count ? undefined : items.slice(0, count);
        },
        timeoutMs,
        () => describe(list().length),
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
