import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSession, startAdminSession } from "../support/admin";
import type { AdminCall } from "../support/admin-actions/types";
import { loadAdminCalls } from "../support/admin-calls";
import { uniqueClientAddress } from "../support/browser";
import {
  type DatabaseSnapshot,
  POST_VIEW_COUNTERS,
  snapshotOwnServer,
} from "../support/db-snapshot";
import { newSubmissionKey, solveBotCheck, uniqueEmail } from "../support/forms";
import { waitForMail } from "../support/mail";
import type { AccessFixtures } from "../support/route-access";
import { createAccessFixtures, routeRequests } from "../support/route-addresses";
import { confirmItsMe } from "../support/step-up";

/** A state-changing request with a payload that would change something if it were let through. */
type Write = Pick<AdminCall, "name" | "path" | "form" | "json" | "multipart">;

const EVIL = "http://evil.example";

/**
 * How browsers mark a request another site made them send: a current browser (Origin and Fetch
 * Metadata), an older one (Origin only), a sandboxed frame or a redirect chain (Origin: null),
 * and a sibling site on the same registrable domain (same-site is not same-origin).
 */
const FORGED_HEADERS: { name: string; headers: (form: boolean) => Record<string, string> }[] = [
  {
    name: "cross-site with Fetch Metadata",
    headers: (form) => ({
      origin: EVIL,
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": form ? "navigate" : "cors",
      "sec-fetch-dest": form ? "document" : "empty",
    }),
  },
  { name: "cross-origin, Origin only", headers: () => ({ origin: EVIL }) },
  {
    name: "Origin: null",
    headers: () => ({ origin: "null", "sec-fetch-site": "cross-site" }),
  },
  {
    name: "same-site sibling",
    headers: () => ({ origin: "http://evil.localhost", "sec-fetch-site": "same-site" }),
  },
];

/** The payload as flat strings (what a form can carry); nested values as JSON. */
function fieldsOf(write: Write): Record<string, string> {
  const source = write.form ?? write.multipart?.fields ?? (write.json as object | undefined) ?? {};
  return Object.fromEntries(
    Object.entries(source).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
}

/** The four bodies a page on another site can make a browser send. */
function encodings(write: Write): { name: string; form: boolean; body: BodyInit; type?: string }[] {
  const fields = fieldsOf(write);
  const multipart = new FormData();
  for (const [k, v] of Object.entries(fields)) multipart.append(k, v);
  const file = write.multipart?.file;
  if (file) multipart.append(file.field, new Blob([file.content], { type: file.type }), file.name);
  return [
    {
      name: "form",
      form: true,
      body: new URLSearchParams(fields).toString(),
      type: "application/x-www-form-urlencoded",
    },
    // fetch sets the boundary itself.
    { name: "multipart", form: true, body: multipart },
    {
      name: "text/plain",
      form: true,
      body: Object.entries(fields)
        .map(([k, v]) => `${k}=${v}\r\n`)
        .join(""),
      type: "text/plain",
    },
    {
      name: "JSON",
      form: false,
      body: JSON.stringify(write.json ?? fields),
      type: "application/json",
    },
  ];
}

describe("request forgery", () => {
  let session: AdminSession;
  let cookie: string;
  let writes: Write[];
  let unsubscribeToken: string;
  let fixtures: AccessFixtures;
  let before: DatabaseSnapshot;
  const clientAddress = uniqueClientAddress();

  /** A same-origin request with the admin's session, as the dashboard sends it. */
  async function asAdmin(path: string, init: RequestInit = {}) {
    const response = await fetch(`${session.own.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: {
        cookie,
        origin: session.own.url,
        "x-forwarded-for": clientAddress,
        ...(init.headers as Record<string, string>),
      },
    });
    return { status: response.status, text: await response.text() };
  }

  beforeAll(async () => {
    session = await startAdminSession();
    const { own, context, admin } = session;
    cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    // Making an API key below asks the admin to confirm it's them first.
    await confirmItsMe(own.url, cookie, admin.password);

    // Rows for the admin calls' ids (post, category, subscriber, leads, media, API key) to hit.
    const seeded = await asAdmin("/admin/blog", {
      method: "POST",
      body: new URLSearchParams({ intent: "seed-sample" }),
    });
    expect(seeded.status).toBeLessThan(400);
    // The welcome mail brings the unsubscribe link that forged posts below aim at: on, with
    // double opt-in off (this file is about forgery, not about confirming).
    expect(
      (
        await asAdmin("/admin/newsletter/settings", {
          method: "POST",
          body: new URLSearchParams({
            welcomeEnabled: "on",
            welcomeSubject: "Welcome, forgery subscriber",
            welcomeBody: "Hello.",
          }),
        })
      ).status,
    ).toBeLessThan(400);
    const subscriber = uniqueEmail("forgery-subscriber");
    const json = { "content-type": "application/json" };
    const subscribe = { email: subscriber };
    expect(
      (
        await asAdmin("/api/newsletter-subscribe", {
          method: "POST",
          headers: json,
          body: JSON.stringify(subscribe),
        })
      ).status,
    ).toBe(200);
    const consultation = {
      name: "Forgery Lead",
      email: uniqueEmail("forgery-lead"),
      submissionKey: newSubmissionKey(),
    };
    expect(
      (
        await asAdmin("/api/schedule-consultation", {
          method: "POST",
          headers: json,
          body: JSON.stringify(consultation),
        })
      ).status,
    ).toBe(200);
    const contactEmail = uniqueEmail("forgery-contact");
    const contact = {
      firstName: "Forgery",
      lastName: "Contact",
      email: contactEmail,
      confirmEmail: contactEmail,
      phone: "",
      comments: "A contact message the forged requests aim at.",
      consent: true,
      botCheck: await solveBotCheck(own.url),
    };
    expect(
      (
        await asAdmin("/api/contact", {
          method: "POST",
          headers: json,
          body: JSON.stringify(contact),
        })
      ).status,
    ).toBe(200);
    const upload = new FormData();
    upload.append(
      "file",
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" }),
      "a.svg",
    );
    expect(
      (
        await asAdmin("/admin/media/upload", {
          method: "POST",
          headers: { accept: "application/json" },
          body: upload,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await asAdmin("/admin/api-keys", {
          method: "POST",
          body: new URLSearchParams({ intent: "create", name: "Forgery target" }),
        })
      ).status,
    ).toBeLessThan(400);
    fixtures = await createAccessFixtures(context.request, own.url);
    const welcome = await waitForMail(own.dataDir, subscriber, /^Welcome, forgery subscriber$/);
    unsubscribeToken = new URL(
      welcome.links.find((l) => l.includes("unsubscribe")) as string,
    ).searchParams.get("token") as string;

    // Not here: SendGrid's webhook (POST /api/webhooks/sendgrid), another service's call by
    // design, skips the origin check and takes only a batch signed with the SendGrid card's key
    // (401 otherwise; tests/e2e/newsletter-bounces.test.ts sends it cross-site).
    const adminWrites = (await loadAdminCalls()).filter((call) => call.method !== "GET");
    const newPassword = "a new password 2";
    writes = [
      ...adminWrites,
      {
        name: "subscribe (API)",
        path: "/api/newsletter-subscribe",
        json: { email: uniqueEmail("forged") },
      },
      {
        name: "request a consultation (API)",
        path: "/api/schedule-consultation",
        json: { ...consultation, submissionKey: newSubmissionKey() },
      },
      {
        name: "send a contact message (API)",
        path: "/api/contact",
        json: { ...contact, botCheck: await solveBotCheck(own.url) },
      },
      { name: "subscribe (page)", path: "/newsletter", form: { email: uniqueEmail("forged") } },
      {
        name: "request a consultation (page)",
        path: "/schedule-consultation",
        form: { name: "Forged", email: uniqueEmail("forged") },
      },
      {
        name: "send a contact message (page)",
        path: "/contact",
        form: fieldsOf({ name: "", path: "", json: contact }),
      },
      {
        name: "unsubscribe (page)",
        path: "/newsletter/unsubscribe",
        form: { token: unsubscribeToken },
      },
      // The mailed link takes one cross-site POST, RFC 8058's one-click body (tests/e2e/
      // newsletter-one-click.test.ts); any other body there is refused like every other write.
      {
        name: "unsubscribe (the mailed link, another body than one-click)",
        path: `/newsletter/unsubscribe?token=${unsubscribeToken}`,
        form: { token: unsubscribeToken },
      },
      {
        name: "sign in (page)",
        path: "/auth",
        form: { intent: "sign-in", email: admin.email, password: admin.password },
      },
      {
        name: "sign up (page)",
        path: "/auth",
        form: { intent: "sign-up", email: uniqueEmail("forged"), password: "forged password 1" },
      },
      {
        name: "ask for a password reset (page)",
        path: "/forgot-password",
        form: { email: admin.email },
      },
      { name: "sign out (page)", path: "/sign-out", form: {} },
      { name: "sign out", path: "/api/auth/sign-out", json: {} },
      {
        name: "change the password",
        path: "/api/auth/change-password",
        json: { currentPassword: admin.password, newPassword, revokeOtherSessions: true },
      },
      { name: "change the name", path: "/api/auth/update-user", json: { name: "Forged Name" } },
      {
        name: "change the e-mail address",
        path: "/api/auth/change-email",
        json: { newEmail: uniqueEmail("forged") },
      },
      {
        name: "delete the account",
        path: "/api/auth/delete-user",
        json: { password: admin.password },
      },
      { name: "end every session", path: "/api/auth/revoke-sessions", json: {} },
      { name: "end the other sessions", path: "/api/auth/revoke-other-sessions", json: {} },
      {
        name: "sign in",
        path: "/api/auth/sign-in/email",
        json: { email: admin.email, password: admin.password },
      },
      {
        name: "sign up",
        path: "/api/auth/sign-up/email",
        json: { name: "Forged", email: uniqueEmail("forged"), password: "forged password 1" },
      },
      {
        name: "ask for a password reset",
        path: "/api/auth/request-password-reset",
        json: { email: admin.email, redirectTo: "/reset-password" },
      },
      {
        name: "send a verification mail",
        path: "/api/auth/send-verification-email",
        json: { email: admin.email },
      },
      { name: "remove a passkey", path: "/api/auth/passkey/delete-passkey", json: { id: "p" } },
      {
        name: "rename a passkey",
        path: "/api/auth/passkey/update-passkey",
        json: { id: "p", name: "Forged" },
      },
      {
        name: "add a passkey",
        path: "/api/auth/passkey/verify-registration",
        json: { response: {}, name: "Forged" },
      },
      {
        name: "sign in with a passkey",
        path: "/api/auth/passkey/verify-authentication",
        json: { response: { id: "p" } },
      },
    ];
    before = await snapshotOwnServer(own, POST_VIEW_COUNTERS);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("refuses every cross-site form, text/plain and JSON POST to every state-changing endpoint", async () => {
    const accepted: string[] = [];
    let sent = 0;
    for (const write of writes) {
      for (const encoding of encodings(write)) {
        for (const forged of FORGED_HEADERS) {
          const response = await fetch(`${session.own.url}${write.path}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              cookie,
              "x-forwarded-for": clientAddress,
              ...(encoding.type ? { "content-type": encoding.type } : {}),
              ...forged.headers(encoding.form),
            },
            body: encoding.body,
          });
          const text = await response.text();
          sent += 1;
          if (response.status !== 403) {
            accepted.push(
              `${write.name} (POST ${write.path}) as ${encoding.name}, ${forged.name}: ${response.status} ${text.slice(0, 100)}`,
            );
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(sent).toBe(writes.length * 4 * FORGED_HEADERS.length);
  });

  it("left the admin signed in and the data as it was", async () => {
    const current = await asAdmin("/api/auth/get-session");
    expect(JSON.parse(current.text)?.user?.email).toBe(session.admin.email);
    const after = await snapshotOwnServer(session.own, POST_VIEW_COUNTERS);
    expect(after).toEqual(before);
    before = after;
  });

  /**
   * Left out on purpose, with the reason:
   * - better-auth's e-mail verification link (GET /api/auth/verify-email?token=…) verifies the
   *   address: it is the mailed link, its token is single-use and only in the mail, so no other
   *   site can forge it.
   * - The counters GET is meant to move: page views, a post's readers (POST_VIEW_COUNTERS),
   *   rate-limit counters and sessions' refresh (EXPECTED_TO_CHANGE in db-snapshot.ts).
   * The newsletter's unsubscribe link is no exception: opening it only asks (checked below).
   */
  it("changes nothing on any GET, for the admin and for a visitor", async () => {
    const urls = new Set<string>();
    for (const request of routeRequests(fixtures)) {
      if (request.method === "GET") urls.add(request.url);
    }
    for (const call of await loadAdminCalls()) {
      if (call.method === "GET") urls.add(call.path);
    }
    // A write's payload in a GET's query: what an <img> or a link on another site could send.
    for (const write of writes) {
      urls.add(`${write.path}?${new URLSearchParams(fieldsOf(write))}`);
      urls.add(`${write.path}.data?${new URLSearchParams(fieldsOf(write))}`);
    }
    urls.add(`/newsletter/unsubscribe?token=${unsubscribeToken}`);
    urls.add("/api/auth/list-sessions");

    const visitorAddress = uniqueClientAddress();
    const failures: string[] = [];
    for (const url of urls) {
      for (const signedIn of [true, false]) {
        const response = await fetch(`${session.own.url}${url}`, {
          redirect: "manual",
          headers: signedIn
            ? { cookie, "x-forwarded-for": clientAddress }
            : { "x-forwarded-for": visitorAddress },
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`GET ${url}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(urls.size).toBeGreaterThan(100);
    const current = await asAdmin("/api/auth/get-session");
    expect(JSON.parse(current.text)?.user?.email).toBe(session.admin.email);
    expect(await snapshotOwnServer(session.own, POST_VIEW_COUNTERS)).toEqual(before);
  });
});
