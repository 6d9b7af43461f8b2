import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/schemas/auth";
import { consultationSchema, contactSchema, newsletterSchema } from "~/schemas/forms";
import { z } from "~/schemas/zod";
import { createSendgridEventSender } from "../support/fake-sendgrid";
import { newSubmissionKey, solveBotCheck } from "../support/forms";
import { hostilePayload, hostileString } from "../support/fuzz/arbitraries";
import { botCheckTokens } from "../support/fuzz/bot-check";
import { adminCookie, healthy, startFuzzServer, summary } from "../support/fuzz/fuzz-server";
import { encodedBodies } from "../support/fuzz/requests";
import {
  type FuzzCase,
  type FuzzReport,
  fuzzEndpoint,
  rotatingAddress,
  serverErrorsSince,
} from "../support/fuzz/runner";
import { scaled } from "../support/stress-scale";

/**
 * Hostile input to every public endpoint that takes input: the form APIs, the bot check, the
 * better-auth endpoints the site calls and the page form actions (the no-JavaScript posts). Each
 * gets 1,000 cases derived from its zod schema (valid, near-valid and broken payloads, in every
 * encoding and some no client sends). None may answer 5xx or show a stack trace or a server path,
 * and the process must stay up and log no error.
 */

// 1,000 at full size; fewer at CI size (STRESS_SCALE).
const CASES = scaled(1_000);
let fuzz: Awaited<ReturnType<typeof startFuzzServer>>;
let solvedTokens: string[] = [];
const reports: FuzzReport[] = [];

beforeAll(async () => {
  fuzz = await startFuzzServer();
  // A few real proofs of work (~0.3 s each) so that some contact cases pass the bot check and
  // reach validation-after-verification and storage; the rest meet the refusals.
  for (let i = 0; i < 12; i += 1) solvedTokens.push(await solveBotCheck(fuzz.server.url));
  // SendGrid's webhook takes signed batches only once the card holds the verification key.
  const { cookie } = await adminCookie(fuzz.server);
  const saved = await fetch(`${fuzz.server.url}/admin/integrations`, {
    method: "POST",
    headers: { cookie, origin: fuzz.server.url, "x-forwarded-for": rotatingAddress() },
    body: new URLSearchParams({
      intent: "save-config",
      integration: "sendgrid",
      fromEmail: "fuzz-from@example.com",
      verificationKey: sendgrid.verificationKey,
    }),
    redirect: "manual",
  });
  expect(saved.status).toBeLessThan(400);
});

afterAll(async () => {
  for (const report of reports) console.log(summary(report));
  console.log(
    `total: ${reports.reduce((n, r) => n + r.cases, 0)} cases in ${(reports.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(0)} s`,
  );
  const code = await fuzz?.close();
  solvedTokens = [];
  expect(code).toBe(0);
});

const otherMethods = fc.constantFrom("GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD");

/** POSTs of hostile payloads for `schema` to `paths`, and now and then another method. */
function casesFor(
  paths: string[],
  payloads: fc.Arbitrary<unknown>,
  options: { formWeight?: number; jsonWeight?: number } = {},
): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(
      fc.constantFrom(...paths),
      encodedBodies(payloads, options),
      fc.oneof(
        { weight: 15, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: otherMethods },
      ),
    )
    .map(([path, body, method]) => ({ path, body, method }));
}

const uniqueAddress = fc.uuid().map((id) => `fuzz-${id.slice(0, 13)}@example.com`);

function payloads(schema: z.ZodType, example: Record<string, unknown>, fixed = {}) {
  return hostilePayload(schema, example, fixed);
}

const consultationExample = {
  name: "Zoë O'Brien",
  email: "fuzz-consult@example.com",
  phone: "+1 555 0100",
  company: 'Café "Ünïcode" Ltd',
  serviceType: "Chatbot Development",
  message: "Line one\nLine two",
  preferredTime: "Flexible",
};

const contactExample = {
  firstName: "Ana",
  lastName: "Ñúñez",
  email: "fuzz-contact@example.com",
  confirmEmail: "fuzz-contact@example.com",
  phone: "",
  comments: "Hello <b>there</b>",
  consent: true,
};

/** The contact payload with a bot-check token and a submission key drawn per case. */
function contactPayloads() {
  return fc
    .tuple(
      payloads(contactSchema, contactExample),
      botCheckTokens(solvedTokens),
      fc.option(
        fc.constant(null).map(() => newSubmissionKey()),
        { nil: undefined },
      ),
    )
    .map(([payload, botCheck, submissionKey]) =>
      payload && typeof payload === "object" && !Array.isArray(payload)
        ? { botCheck, submissionKey, ...payload }
        : payload,
    );
}

/** One event of SendGrid's batch as SendGrid documents it (the fields the site reads, and more). */
const sendgridEventSchema = z.object({
  email: z.email(),
  event: z.enum(["bounce", "dropped", "spamreport", "unsubscribe", "group_unsubscribe", "open"]),
  type: z.enum(["bounce", "blocked"]).optional(),
  reason: z.string().optional(),
  timestamp: z.number().int(),
  sg_event_id: z.string(),
});
const sendgrid = createSendgridEventSender();

/**
 * Hostile batches of events, most of them signed with the key the card holds (so they reach the
 * parsing and the database), some not (the refusal). Only text bodies can carry a signature.
 */
function sendgridEventCases(): fc.Arbitrary<FuzzCase> {
  const event = hostilePayload(sendgridEventSchema, {
    email: "fuzz-page-news@example.com",
    event: "bounce",
    type: "bounce",
    timestamp: Math.floor(Date.now() / 1000),
    sg_event_id: "fuzz",
  });
  const batches = fc.oneof(
    { weight: 4, arbitrary: fc.array(event, { maxLength: 6 }) },
    { weight: 1, arbitrary: event },
  );
  return fc
    .tuple(
      casesFor(["/api/webhooks/sendgrid"], batches, { formWeight: 1, jsonWeight: 8 }),
      fc.nat(9),
    )
    .map(([sample, dice]) => {
      const { body } = sample.body;
      if (typeof body !== "string" || dice < 2) return sample;
      return { ...sample, headers: { ...sample.headers, ...sendgrid.signedHeaders(body) } };
    });
}

const signUpApiSchema = signUpSchema.extend({ name: z.string().max(200) });
const resetApiSchema = z.object({
  newPassword: resetPasswordSchema.shape.password,
  token: resetPasswordSchema.shape.token,
});
const requestResetApiSchema = forgotPasswordSchema.extend({ redirectTo: z.string() });

/** The endpoints and how each is fuzzed; built lazily, after the tokens are solved. */
const endpoints: [string, () => fc.Arbitrary<FuzzCase>][] = [
  [
    "POST /api/newsletter-subscribe",
    () =>
      casesFor(
        ["/api/newsletter-subscribe"],
        payloads(newsletterSchema, { email: "fuzz-news@example.com" }).chain((p) =>
          uniqueAddress.map((email) =>
            p &&
            typeof p === "object" &&
            !Array.isArray(p) &&
            "email" in p &&
            (p as { email: unknown }).email === "fuzz-news@example.com"
              ? { ...p, email }
              : p,
          ),
        ),
      ),
  ],
  [
    "POST /api/schedule-consultation",
    () =>
      casesFor(["/api/schedule-consultation"], payloads(consultationSchema, consultationExample)),
  ],
  ["POST /api/contact", () => casesFor(["/api/contact"], contactPayloads())],
  [
    "/api/bot-check",
    () =>
      fc.oneof(
        fc.tuple(hostileString, hostileString).map(
          ([key, value]): FuzzCase => ({
            method: "GET",
            path: `/api/bot-check?${new URLSearchParams([[key, value]]).toString()}`,
            body: { kind: "no-body" },
          }),
        ),
        casesFor(["/api/bot-check"], payloads(z.object({}), {})),
      ),
  ],
  [
    "better-auth sign-in",
    () =>
      casesFor(
        ["/api/auth/sign-in/email"],
        payloads(signInSchema, { email: "nobody@example.com", password: "a password" }),
        { formWeight: 1, jsonWeight: 8 },
      ),
  ],
  [
    "better-auth sign-up",
    () =>
      casesFor(
        ["/api/auth/sign-up/email"],
        payloads(signUpApiSchema, {
          email: "fuzz-signup@example.com",
          password: "long enough 1",
          name: "",
        }),
        { formWeight: 1, jsonWeight: 8 },
      ),
  ],
  [
    "better-auth request-password-reset",
    () =>
      casesFor(
        ["/api/auth/request-password-reset"],
        payloads(requestResetApiSchema, {
          email: "nobody@example.com",
          redirectTo: "/reset-password",
        }),
        { formWeight: 1, jsonWeight: 8 },
      ),
  ],
  [
    "better-auth reset-password",
    () =>
      casesFor(
        ["/api/auth/reset-password", "/api/auth/reset-password?token=abc"],
        payloads(resetApiSchema, { newPassword: "a new password", token: "not-a-real-token" }),
        { formWeight: 1, jsonWeight: 8 },
      ),
  ],
  [
    "form action /newsletter",
    () =>
      casesFor(
        ["/newsletter", "/newsletter.data"],
        payloads(newsletterSchema, { email: "fuzz-page-news@example.com" }),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  [
    "form action /schedule-consultation",
    () =>
      casesFor(
        ["/schedule-consultation", "/schedule-consultation.data"],
        payloads(consultationSchema, consultationExample),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  [
    "form action /contact",
    () =>
      casesFor(["/contact", "/contact.data"], contactPayloads(), { formWeight: 8, jsonWeight: 2 }),
  ],
  [
    "form action /auth",
    () =>
      casesFor(
        ["/auth", "/auth.data", "/auth?redirectTo=%2Fadmin", "/auth?redirectTo=%2F%2Fevil.example"],
        payloads(
          signUpSchema.extend({ intent: z.enum(["sign-in", "sign-up"]) }),
          { email: "fuzz-page-auth@example.com", password: "page password 1" },
          { intent: "sign-in" },
        ).chain((p) =>
          fc
            .constantFrom("sign-in", "sign-up")
            .map((intent) =>
              p && typeof p === "object" && !Array.isArray(p) && "intent" in p
                ? { ...p, intent }
                : p,
            ),
        ),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  [
    "form action /forgot-password",
    () =>
      casesFor(
        ["/forgot-password", "/forgot-password.data"],
        payloads(forgotPasswordSchema, { email: "nobody@example.com" }),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  [
    "one-click unsubscribe (POST to the mailed link)",
    () =>
      casesFor(
        [
          `/newsletter/unsubscribe?token=${"A".repeat(43)}`,
          "/newsletter/unsubscribe?token=",
          "/newsletter/unsubscribe?token=a&token=b",
        ],
        payloads(z.object({ "List-Unsubscribe": z.literal("One-Click") }), {
          "List-Unsubscribe": "One-Click",
        }),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  [
    "form action /reset-password",
    () =>
      casesFor(
        ["/reset-password", "/reset-password.data", "/reset-password?token=abc"],
        payloads(resetPasswordSchema, { token: "not-a-real-token", password: "a new password" }),
        { formWeight: 8, jsonWeight: 2 },
      ),
  ],
  // After the newsletter form actions: their address is subscribed, so some events change it.
  ["POST /api/webhooks/sendgrid", sendgridEventCases],
];

describe("hostile input to the public endpoints", () => {
  for (const [name, cases] of endpoints) {
    it(`${name}: ${CASES} cases, no 5xx, no internals shown, the server stays up`, async () => {
      const logFrom = fuzz.server.output().length;
      const report = await fuzzEndpoint({
        name,
        baseURL: fuzz.server.url,
        cases: cases(),
        numRuns: CASES,
        seed: 20261121,
      });
      reports.push(report);
      expect(report.cases).toBe(CASES);
      expect(report.failures.slice(0, 5)).toEqual([]);
      expect(await healthy(fuzz.server)).toBe(200);
      expect(serverErrorsSince(fuzz.server.output(), logFrom)).toEqual([]);
    });
  }

  it("the server is still up and its output shows no crash", async () => {
    expect(await healthy(fuzz.server)).toBe(200);
    expect(fuzz.server.process.exitCode).toBeNull();
    expect(serverErrorsSince(fuzz.server.output(), 0)).toEqual([]);
  });
});
