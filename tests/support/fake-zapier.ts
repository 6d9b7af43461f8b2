import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a Zapier "Catch Hook": records every request and answers each with the next
 * status of a programmable sequence (200 once it runs out), so tests can make it fail and recover.
 */

export interface ReceivedHook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact body bytes, as a signature is computed over them. */
  body: string;
  /** The status the fake answered with. */
  answered: number;
}

export interface FakeZapier {
  /** The hook URL to configure (http on 127.0.0.1: needs ALLOW_PRIVATE_OUTBOUND=1). */
  url: string;
  received: ReceivedHook[];
  /** The statuses of the next answers, in order. */
  answerWith(...statuses: number[]): void;
  /** Waits until `count` requests arrived; fails after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startFakeZapier(): Promise<FakeZapier> {
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answered = statuses.shift() ?? 200;
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
      });
      res.writeHead(answered, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answered < 300 ? { status: "success" } : { error: "try later" }));
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/catch/123/abc/`,
    received,
    answerWith(...next) {
      statuses.push(...next);
    },
    waitForRequests(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the fake Zapier got ${received.length} of ${count} requests`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
