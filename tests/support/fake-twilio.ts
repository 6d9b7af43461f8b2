import type http from "node:http";
import { startFakeHttpServer } from "./fake-http";

/**
 * A stand-in for Twilio's REST API: records every request and answers each with the next status
 * of a programmable sequence (2xx once it runs out). It answers the two calls the site makes:
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (an SMS) and `GET /2010-04-01/Accounts/{sid}.json`
 * (Test connection), with bodies shaped like Twilio's.
 */

export interface ReceivedTwilioRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body (form-urlencoded for an SMS). */
  body: string;
  /** The body's fields (To, From, Body for an SMS). */
  form: Record<string, string>;
  /** The Basic auth user and password, if any. */
  auth: { user: string; password: string } | null;
  /** The status the fake answered with. */
  answered: number;
}

export interface FakeTwilio {
  /** The base URL for TWILIO_API_URL (http on 127.0.0.1: needs ALLOW_PRIVATE_OUTBOUND=1). */
  url: string;
  received: ReceivedTwilioRequest[];
  /** The SMS sent (POSTs to Messages.json) so far. */
  messages(): ReceivedTwilioRequest[];
  /** The statuses of the next answers, in order. */
  answerWith(...statuses: number[]): void;
  /** Waits until `count` SMS arrived; fails after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedTwilioRequest[]>;
  close(): Promise<void>;
}

function basicAuth(header: string | undefined) {
  const match = /^Basic (.+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const received: ReceivedTwilioRequest[] = [];
  const statuses: number[] = [];
  let sent = 0;
  const isMessage = (r: Pick<ReceivedTwilioRequest, "method" | "path">) =>
    r.method === "POST" && /\/Messages\.json$/.test(r.path);
  const server = await startFakeHttpServer((req, res, body) => {
    const path = req.url ?? "";
    const method = req.method ?? "";
    const message = isMessage({ method, path });
    const answered = statuses.shift() ?? (message ? 201 : 200);
    const request: ReceivedTwilioRequest = {
      method,
      path,
      headers: req.headers,
      body,
      form: Object.fromEntries(new URLSearchParams(body)),
      auth: basicAuth(req.headers.authorization),
      answered,
    };
    received.push(request);
    let answer: unknown;
    if (answered >= 300) {
      answer =
        answered === 401
          ? { code: 20003, message: "Authenticate", status: 401 }
          : { code: 20500, message: "Internal Server Error", status: answered };
    } else if (message) {
      sent += 1;
      answer = {
        sid: `SM${String(sent).padStart(32, "0")}`,
        status: "queued",
        to: request.form.To,
        from: request.form.From,
        body: request.form.Body,
      };
    } else {
      answer = { sid: request.auth?.user, friendly_name: "Test account", status: "active" };
    }
    res.writeHead(answered, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer));
  });
  const messages = () => received.filter(isMessage);
  return {
    url: server.url,
    received,
    messages,
    answerWith(...next) {
      statuses.push(...next);
    },
    waitForMessages: (count, timeoutMs) =>
      server.waitForCount(
        messages,
        count,
        timeoutMs,
        (got) => `the fake Twilio got ${got} of ${count} SMS`,
      ),
    close: server.close,
  };
}
