import type http from "node:http";
import { parseJsonBody, startFakeHttpServer } from "./fake-http";

/**
 * A stand-in for SendGrid's v3 API: `POST /v3/mail/send` answers 202 (empty, as SendGrid does)
 * and `GET /v3/scopes` answers the key's scopes, both 401 unless the bearer token is `apiKey`.
 * Each request is recorded; `answerWith` makes the next answers other statuses (to fail and
 * recover), whatever the token.
 */

export interface SendgridRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON (null when empty or not JSON). */
  json: unknown;
  /** The status the fake answered with. */
  answered: number;
}

export interface FakeSendgrid {
  /** The API base to set as SENDGRID_API_URL (http on 127.0.0.1: needs ALLOW_PRIVATE_OUTBOUND=1). */
  url: string;
  /** The key the fake accepts. */
  apiKey: string;
  received: SendgridRequest[];
  /** The statuses of the next answers, in order. */
  answerWith(...statuses: number[]): void;
  /** The scopes GET /v3/scopes lists (["mail.send"] unless set). */
  scopes: string[];
  /** Waits until `count` mail sends arrived; fails after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<SendgridRequest[]>;
  close(): Promise<void>;
}

export async function startFakeSendgrid(apiKey = "SG.fake-sendgrid-key"): Promise<FakeSendgrid> {
  const received: SendgridRequest[] = [];
  const statuses: number[] = [];
  const fake = { scopes: ["mail.send"] };
  const mails = () => received.filter((r) => r.path === "/v3/mail/send");
  const server = await startFakeHttpServer((req, res, body) => {
    const route = `${req.method} ${req.url}`;
    let answered = statuses.shift();
    if (answered === undefined) {
      if (route !== "POST /v3/mail/send" && route !== "GET /v3/scopes") answered = 404;
      else if (req.headers.authorization !== `Bearer ${apiKey}`) answered = 401;
      else answered = route === "GET /v3/scopes" ? 200 : 202;
    }
    received.push({
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      json: parseJsonBody(body),
      answered,
    });
    if (answered === 202) {
      res.writeHead(202).end();
    } else {
      res.writeHead(answered, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          answered === 200
            ? { scopes: fake.scopes }
            : answered === 401
              ? {
                  errors: [
                    {
                      field: null,
                      message: "The provided authorization grant is invalid, expired, or revoked",
                    },
                  ],
                }
              : { errors: [{ field: null, message: "try later" }] },
        ),
      );
    }
  });
  return {
    url: server.url,
    apiKey,
    received,
    get scopes() {
      return fake.scopes;
    },
    set scopes(value) {
      fake.scopes = value;
    },
    answerWith(...next) {
      statuses.push(...next);
    },
    waitForMails: (count, timeoutMs) =>
      server.waitForCount(
        mails,
        count,
        timeoutMs,
        (got) => `the fake SendGrid got ${got} of ${count} mails`,
      ),
    close: server.close,
  };
}
