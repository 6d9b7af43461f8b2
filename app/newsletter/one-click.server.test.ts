import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  answerOneClickUnsubscribe,
  isOneClickBody,
  ONE_CLICK_MISS_LIMIT,
} from "./one-click.server";

const SITE = "https://www.example.com";

function post(
  token: string,
  body: BodyInit | undefined,
  headers: Record<string, string> = {},
): Request {
  const url = `${SITE}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  return new Request(url, { method: "POST", headers, body });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const ONE_CLICK = "List-Unsubscribe=One-Click";

function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe("isOneClickBody", () => {
  it("takes RFC 8058's body, form-encoded or multipart", async () => {
    expect(await isOneClickBody(post("t", ONE_CLICK, FORM))).toBe(true);
    expect(
      await isOneClickBody(
        post("t", ONE_CLICK, {
          "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
        }),
      ),
    ).toBe(true);
    expect(await isOneClickBody(post("t", multipart([["List-Unsubscribe", "One-Click"]])))).toBe(
      true,
    );
  });

  it("refuses any other body, type or encoding", async () => {
    const refused: Request[] = [
      post("t", ONE_CLICK),
      post("t", ONE_CLICK, { "content-type": "text/plain" }),
      post("t", JSON.stringify({ "List-Unsubscribe": "One-Click" }), {
        "content-type": "application/json",
      }),
      post("t", "", FORM),
      post("t", "token=abc", FORM),
      post("t", "List-Unsubscribe=One-Click&token=abc", FORM),
      post("t", "List-Unsubscribe=One-Click&List-Unsubscribe=One-Click", FORM),
      post("t", "List-Unsubscribe=Two-Clicks", FORM),
      post("t", "list-unsubscribe=one-click", FORM),
      post(
        "t",
        multipart([
          ["List-Unsubscribe", "One-Click"],
          ["x", "1"],
        ]),
      ),
      post("t", "--nope\r\n", { "content-type": "multipart/form-data; boundary=abc" }),
    ];
    for (const request of refused) expect(await isOneClickBody(request)).toBe(false);
  });
});

describe.each(backends)("the one-click unsubscribe on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  const answer = (request: Request, clientAddress = "203.0.113.7") =>
    answerOneClickUnsubscribe(request, { db: database.db, siteOrigin: SITE, clientAddress });

  async function statusOf(email: string) {
    const rows = await database.db.select().from(webNewsletterSubscriptions);
    return rows.find((row) => row.email === email);
  }

  it("unsubscribes with no cookie and no Origin, answering 200 in plain text; a repeat keeps the first time", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "reader@example.com");
    const first = await answer(post(unsubscribeToken, ONE_CLICK, FORM));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.text()).toMatch(/unsubscribed/);
    const after = await statusOf("reader@example.com");
    expect(after?.status).toBe("unsubscribed");

    const again = await answer(
      post(unsubscribeToken, multipart([["List-Unsubscribe", "One-Click"]])),
    );
    expect(again.status).toBe(200);
    expect((await statusOf("reader@example.com"))?.unsubscribedAt).toEqual(after?.unsubscribedAt);
  });

  it("takes the one-click body from another site (a webmail page), and nothing else from there", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "reader@example.com");
    const webmail = { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" };

    for (const body of [`token=${unsubscribeToken}`, `${ONE_CLICK}&x=1`, ""]) {
      const refused = await answer(post(unsubscribeToken, body, { ...FORM, ...webmail }));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Cross-site requests are not allowed" });
    }
    expect((await statusOf("reader@example.com"))?.status).toBe("active");

    const taken = await answer(post(unsubscribeToken, ONE_CLICK, { ...FORM, ...webmail }));
    expect(taken.status).toBe(200);
    expect((await statusOf("reader@example.com"))?.status).toBe("unsubscribed");
  });

  it("answers 400 to another body that does not come from elsewhere, changing nothing", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "reader@example.com");
    for (const headers of [FORM, { ...FORM, origin: SITE }, { "content-type": "text/plain" }]) {
      const refused = await answer(post(unsubscribeToken, `token=${unsubscribeToken}`, headers));
      expect(refused.status).toBe(400);
    }
    expect((await statusOf("reader@example.com"))?.status).toBe("active");
  });

  it("answers 404 to a token that names no one, and 429 to an address that keeps guessing", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "reader@example.com");
    const wrong = `${unsubscribeToken.slice(0, -1)}${unsubscribeToken.endsWith("A") ? "B" : "A"}`;
    for (let i = 0; i < ONE_CLICK_MISS_LIMIT.max; i++) {
      expect((await answer(post(wrong, ONE_CLICK, FORM))).status).toBe(404);
    }
    const limited = await answer(post(unsubscribeToken, ONE_CLICK, FORM));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await statusOf("reader@example.com"))?.status).toBe("active");

    // Valid tokens never count: another address (a mail provider's) is not held back.
    for (let i = 0; i < ONE_CLICK_MISS_LIMIT.max + 5; i++) {
      expect((await answer(post(unsubscribeToken, ONE_CLICK, FORM), "198.51.100.9")).status).toBe(
        200,
      );
    }
    expect((await statusOf("reader@example.com"))?.status).toBe("unsubscribed");
  });
});
