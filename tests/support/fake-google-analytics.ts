import type http from "node:http";
import { parseJsonBody, startFakeHttpServer } from "./fake-http";

/**
 * A stand-in for Google Analytics' Measurement Protocol: `POST /mp/collect` answers 204 with an
 * empty body (as Google does, whatever the data), and `POST /debug/mp/collect` (the validation
 * server) answers 200 with `{"validationMessages": […]}`, empty unless `validationMessages` is
 * set. Neither checks the API secret, like Google. Each request is recorded; `answerWith` makes
 * the next answers other statuses (to fail and recover).
 */

export interface GoogleAnalyticsRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The query's parameters (measurement_id, api_secret). */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON (null when empty or not JSON). */
  json: unknown;
  /** The status the fake answered with. */
  answered: number;
}

export interface ValidationMessage {
  fieldPath?: string;
  description: string;
  validationCode: string;
}

export interface FakeGoogleAnalytics {
  /** The base to set as GOOGLE_ANALYTICS_API_URL (http on 127.0.0.1: needs ALLOW_PRIVATE_OUTBOUND=1). */
  url: string;
  received: GoogleAnalyticsRequest[];
  /** The statuses of the next answers, in order. */
  answerWith(...statuses: number[]): void;
  /** What the validation server reports for the next debug requests (empty: all fine). */
  validationMessages: ValidationMessage[];
  /** The events sent to /mp/collect (not the validation server's). */
  collected(): GoogleAnalyticsRequest[];
  /** Waits until `count` requests reached /mp/collect; fails after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<GoogleAnalyticsRequest[]>;
  close(): Promise<void>;
}

export async function startFakeGoogleAnalytics(): Promise<FakeGoogleAnalytics> {
  const received: GoogleAnalyticsRequest[] = [];
  const statuses: number[] = [];
  const fake = { validationMessages: [] as ValidationMessage[] };
  const collected = () => received.filter((r) => r.path === "/mp/collect");
  const server = await startFakeHttpServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const route = `${req.method} ${url.pathname}`;
    let answered = statuses.shift();
    if (answered === undefined) {
      if (route === "POST /mp/collect") answered = 204;
      else if (route === "POST /debug/mp/collect") answered = 200;
      else answered = 404;
    }
    received.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      json: parseJsonBody(body),
      answered,
    });
    if (answered === 200 && route === "POST /debug/mp/collect") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ validationMessages: fake.validationMessages }));
    } else if (answered < 300) {
      res.writeHead(answered).end();
    } else {
      res.writeHead(answered, { "Content-Type": "text/plain" });
      res.end(answered === 404 ? "Not Found" : "try later");
    }
  });
  return {
    url: server.url,
    received,
    get validationMessages() {
      return fake.validationMessages;
    },
    set validationMessages(value) {
      fake.validationMessages = value;
    },
    answerWith(...next) {
      statuses.push(...next);
    },
    collected,
    waitForEvents: (count, timeoutMs) =>
      server.waitForCount(
        collected,
        count,
        timeoutMs,
        (got) => `the fake Google Analytics got ${got} of ${count}`,
      ),
    close: server.close,
  };
}
