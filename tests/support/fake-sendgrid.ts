import { createSign, generateKeyPairSync } from "node:crypto";
import type http from "node:http";
import { parseJsonBody, startFakeHttpServer } from "./fake-http";

/**
 * SendGrid's signed Event Webhook as SendGrid sends it: a P-256 key pair of its own (the public
 * half as SendGrid shows it, base64 of the DER SubjectPublicKeyInfo), and POSTs of event batches
 * signed with ECDSA SHA-256 over the timestamp header followed by the body, the signature in
 * base64 DER.
 */
export interface SendgridEventSender {
  /** What to paste as the card's "Event webhook verification key". */
  verificationKey: string;
  /** SendGrid's two headers for this exact body, signed at `timestamp` (Unix seconds; now). */
  signedHeaders(body: string, timestamp?: number): Record<string, string>;
  /** The signed request for `events` (a list, or a raw body), to hand to the route's action. */
  request(url: string, events: unknown, options?: SignedEventOptions): Request;
  /** POSTs `events` to the site's webhook (`siteUrl`/api/webhooks/sendgrid). */
  post(
    siteUrl: string,
    events: unknown,
    options?: SignedEventOptions,
  ): Promise<{ status: number; text: string }>;
}

export interface SignedEventOptions {
  /** The timestamp header, Unix seconds; now unless set (a stale or future one to replay). */
  timestamp?: number;
  /** Signs this body but sends the events' (a body tampered with on the way). */
  signedBody?: string;
  /** Headers over the signed ones (a forged signature); null removes one. */
  headers?: Record<string, string | null>;
}

export const SENDGRID_SIGNATURE_HEADER = "X-Twilio-Email-Event-Webhook-Signature";
export const SENDGRID_TIMESTAMP_HEADER = "X-Twilio-Email-Event-Webhook-Timestamp";

export function createSendgridEventSender(): SendgridEventSender {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const verificationKey = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const signedHeaders = (body: string, at = Math.floor(Date.now() / 1000)) => {
    const timestamp = String(at);
    const signature = createSign("sha256")
      .update(timestamp + body)
      .sign(privateKey)
      .toString("base64");
    return { [SENDGRID_SIGNATURE_HEADER]: signature, [SENDGRID_TIMESTAMP_HEADER]: timestamp };
  };
  const parts = (events: unknown, options: SignedEventOptions = {}) => {
    const body = typeof events === "string" ? events : JSON.stringify(events);
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "User-Agent": "SendGrid Event API",
      ...signedHeaders(options.signedBody ?? body, options.timestamp),
    };
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    return { body, headers };
  };
  return {
    verificationKey,
    signedHeaders,
    request(url, events, options) {
      const { body, headers } = parts(events, options);
      return new Request(url, { method: "POST", headers, body });
    },
    async post(siteUrl, events, options) {
      const { body, headers } = parts(events, options);
      const response = await fetch(`${siteUrl}/api/webhooks/sendgrid`, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
      });
      return { status: response.status, text: await response.text() };
    },
  };
}

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
