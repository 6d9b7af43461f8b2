import { describe, expect, it } from "vitest";
import { apiClient, newSubmissionKey, solveBotCheck, uniqueEmail } from "../support/forms";
import { mailsTo, waitForMail } from "../support/mail";
import { sharedServer } from "../support/shared-server";

// The form endpoints as any client sees them: no browser, one visitor address per client.
const { url: baseURL, dataDir } = sharedServer();
const SALES = "sales@aisolutions.example";
const ENDPOINTS = ["/api/newsletter-subscribe", "/api/schedule-consultation", "/api/contact"];

function uniqueName(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

function contactFields(firstName: string) {
  const email = uniqueEmail("api-contact");
  return {
    firstName,
    lastName: "Tester",
    email,
    confirmEmail: email,
    phone: "",
    comments: "Sent by the API test.",
    consent: true,
  };
}

describe("the form API's HTTP rules", () => {
  it("answers GET with 405 and Allow: POST", async () => {
    for (const path of ENDPOINTS) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("POST");
      expect(await response.json(), path).toEqual({
        error: "Method not allowed: send a POST request",
      });
    }
  });

  it("refuses a POST from another site with 403, on the API and on the no-JavaScript pages", async () => {
    for (const path of [...ENDPOINTS, "/newsletter", "/schedule-consultation", "/contact"]) {
      const client = apiClient(baseURL);
      const byOrigin = await client.post(
        path,
        { email: uniqueEmail("evil") },
        {
          Origin: "http://evil.example",
        },
      );
      expect(byOrigin.status, path).toBe(403);
      expect(byOrigin.body, path).toEqual({ error: "Cross-site requests are not allowed" });
      const byFetchSite = await client.post(
        path,
        { email: uniqueEmail("evil") },
        {
          "Sec-Fetch-Site": "cross-site",
        },
      );
      expect(byFetchSite.status, path).toBe(403);
    }
    // Nothing was subscribed or sent on the way.
    expect(mailsTo(dataDir, "evil-", /./)).toEqual([]);
  });

  it("answers bad input with 400 and the field messages, never with a 500", async () => {
    const nul = "\u0000";
    const cases: [path: string, body: unknown, fields: string[]][] = [
      ["/api/newsletter-subscribe", {}, ["email"]],
      ["/api/newsletter-subscribe", { email: "no-at-sign" }, ["email"]],
      ["/api/newsletter-subscribe", { email: 42 }, ["email"]],
      ["/api/newsletter-subscribe", { email: `a${nul}b@example.com` }, ["email"]],
      ["/api/newsletter-subscribe", { email: `${"a".repeat(250)}@example.com` }, ["email"]],
      ["/api/schedule-consultation", {}, ["name", "email"]],
      [
        "/api/schedule-consultation",
        { name: ["x"], email: { a: 1 }, serviceType: "Astrology", preferredTime: "Midnight" },
        ["name", "email", "serviceType", "preferredTime"],
      ],
      ["/api/schedule-consultation", { name: "A", email: "a@example.com", phone: 5 }, ["phone"]],
      [
        "/api/schedule-consultation",
        { name: "x".repeat(201), email: "a@example.com", message: "y".repeat(5001) },
        ["name", "message"],
      ],
      [
        "/api/schedule-consultation",
        { name: "A", email: "a@example.com", submissionKey: "short" },
        ["submissionKey"],
      ],
      // PostgreSQL text cannot hold NUL: refused as input instead of failing the insert.
      ["/api/schedule-consultation", { name: `Ada${nul}`, email: "a@example.com" }, ["name"]],
      [
        "/api/schedule-consultation",
        { name: "Ada", email: "a@example.com", message: `hi${nul}` },
        ["message"],
      ],
      [
        "/api/contact",
        {},
        ["firstName", "lastName", "email", "confirmEmail", "comments", "consent"],
      ],
      [
        "/api/contact",
        { ...contactFields("Ada"), confirmEmail: "other@example.com" },
        ["confirmEmail"],
      ],
      ["/api/contact", { ...contactFields("Ada"), comments: "z".repeat(601) }, ["comments"]],
      ["/api/contact", { ...contactFields("Ada"), consent: "yes" }, ["consent"]],
      ["/api/contact", { ...contactFields("Ada"), botCheck: { forged: true } }, ["botCheck"]],
      ["/api/contact", { ...contactFields(`Ada${nul}`) }, ["firstName"]],
      [
        "/api/contact",
        { ...contactFields("Ada"), email: `a${nul}@b.co`, confirmEmail: `a${nul}@b.co` },
        ["email"],
      ],
    ];
    for (const [path, body, fields] of cases) {
      const label = `${path} ${JSON.stringify(body).slice(0, 120)}`;
      const response = await apiClient(baseURL).post(path, body);
      expect(response.status, label).toBe(400);
      expect(response.body?.code, label).toBe("validation");
      const errors = response.body?.fieldErrors as Record<string, string>;
      expect(Object.keys(errors).sort(), label).toEqual([...fields].sort());
      expect(response.body?.error, label).toBe(Object.values(errors)[0]);
    }

    for (const path of ENDPOINTS) {
      const client = apiClient(baseURL);
      expect((await client.post(path, "{not json")).body).toEqual({
        error: "The request body is not valid JSON",
      });
      for (const body of ["[1,2]", "null", '"text"']) {
        const response = await client.post(path, body);
        expect(response.status, `${path} ${body}`).toBe(400);
        expect(response.body).toEqual({ error: "The request body must be a JSON object" });
      }
      const plain = await client.post(path, "email=a@example.com", {
        "Content-Type": "text/plain",
      });
      expect(plain.status, path).toBe(415);
      const huge = await client.post(path, { email: "a@example.com", pad: "x".repeat(70_000) });
      expect(huge.status, path).toBe(413);
    }
  });
});

describe("the contact form's bot check", () => {
  it("refuses a missing, a forged and a tampered token, and a genuine one the second time", async () => {
    const client = apiClient(baseURL);
    const missing = await client.post("/api/contact", contactFields("Nobot"));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: "verification_required",
      error: "Please complete the security verification.",
    });

    const refused = {
      code: "verification_failed",
      error: "The security check could not be confirmed. Please complete it again.",
    };
    const garbage = await client.post("/api/contact", {
      ...contactFields("Garbage"),
      botCheck: "not-a-token",
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual(refused);

    // A real challenge with an invented answer.
    const challenge = await (await fetch(`${baseURL}/api/bot-check`)).json();
    const forgedToken = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } }),
    ).toString("base64");
    const forged = await client.post("/api/contact", {
      ...contactFields("Forged"),
      botCheck: forgedToken,
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual(refused);

    // A genuine answer to a challenge whose terms were changed afterwards (a later expiry).
    const token = await solveBotCheck(baseURL);
    const payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    payload.challenge.parameters.expiresAt += 3600;
    const tampered = await client.post("/api/contact", {
      ...contactFields("Tampered"),
      botCheck: Buffer.from(JSON.stringify(payload)).toString("base64"),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual(refused);

    // The genuine token works once...
    const firstName = uniqueName("Genuine");
    const accepted = await client.post("/api/contact", {
      ...contactFields(firstName),
      botCheck: token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true });
    await waitForMail(dataDir, SALES, new RegExp(`New message from ${firstName}`));

    // ...and never again, not for another message.
    const replayed = await client.post("/api/contact", {
      ...contactFields(uniqueName("Replay")),
      botCheck: token,
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual(refused);
  });
});

describe("repeated submissions", () => {
  /** Sends one more request and waits for its mail, so any mail of the ones before is written. */
  async function flushMails() {
    const name = uniqueName("Marker");
    const response = await apiClient(baseURL).post("/api/schedule-consultation", {
      name,
      email: uniqueEmail("marker"),
    });
    expect(response.status).toBe(200);
    await waitForMail(dataDir, SALES, new RegExp(`consultation request from ${name}`));
  }

  it("stores a consultation request sent twice with the same submission key once", async () => {
    const client = apiClient(baseURL);
    const name = uniqueName("Twice");
    const request = { name, email: uniqueEmail("twice"), submissionKey: newSubmissionKey() };
    const first = await client.post("/api/schedule-consultation", request);
    const second = await client.post("/api/schedule-consultation", request);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toEqual({
      success: true,
      bookingUrl: "https://cal.com/aisolutions/consultation",
    });
    await flushMails();
    const subject = new RegExp(`consultation request from ${name}`);
    expect(mailsTo(dataDir, SALES, subject)).toHaveLength(1);

    // A new key is a new request, even with the same content.
    const third = await client.post("/api/schedule-consultation", {
      ...request,
      submissionKey: newSubmissionKey(),
    });
    expect(third.status).toBe(200);
    await flushMails();
    expect(mailsTo(dataDir, SALES, subject)).toHaveLength(2);
  });

  it("answers a contact message resent with its key and spent token with success, and stores it once", async () => {
    const client = apiClient(baseURL);
    const firstName = uniqueName("Resent");
    const message = {
      ...contactFields(firstName),
      submissionKey: newSubmissionKey(),
      botCheck: await solveBotCheck(baseURL),
    };
    const first = await client.post("/api/contact", message);
    // The answer was lost, say, and the browser tries again with the same form.
    const retry = await client.post("/api/contact", message);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    await flushMails();
    expect(mailsTo(dataDir, SALES, new RegExp(`New message from ${firstName}`))).toHaveLength(1);
  });
});

describe("the per-address limit", () => {
  it("refuses the 11th submission from one address within 10 minutes, per form", async () => {
    const client = apiClient(baseURL);
    for (let i = 1; i <= 10; i += 1) {
      const response = await client.post("/api/newsletter-subscribe", { email: `bad-${i}` });
      expect(response.status, `submission ${i}`).toBe(400);
    }
    const eleventh = await client.post("/api/newsletter-subscribe", {
      email: uniqueEmail("eleventh"),
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      error: "Too many submissions. Please wait a few minutes and try again.",
    });
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another form from the same address, and the same form from another address, still work.
    const consultation = await client.post("/api/schedule-consultation", {
      name: uniqueName("Other form"),
      email: uniqueEmail("other-form"),
    });
    expect(consultation.status).toBe(200);
    const neighbour = await apiClient(baseURL).post("/api/newsletter-subscribe", {
      email: uniqueEmail("neighbour"),
    });
    expect(neighbour.status).toBe(200);
  });
});
