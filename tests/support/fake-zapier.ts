import type http from "node:http";
import { startFakeHttpServer } from "./fake-http";

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
  const server = await startFakeHttpServer((req, res, body) => {
    const answered = statuses.shift() ?? 200;
    received.push({
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body,
      answered,
    });
    res.writeHead(answered, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answered < 300 ? { status: "success" } : { error: "try later" }));
  });
  return {
    url: `${server.url}/hooks/catch/123/abc/`,
    received,
    answerWith(...next) {
      statuses.push(...next);
    },
    waitForRequests: (count, timeoutMs) =>
      server.waitForCount(
        () => received,
        count,
        timeoutMs,
        (got) => `the fake Zapier got ${got} of ${count} requests`,
      ),
    close: server.close,
  };
}
