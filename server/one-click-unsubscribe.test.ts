import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { createTestDatabase } from "../tests/support/test-database";
import { oneClickUnsubscribe } from "./one-click-unsubscribe";

const SITE = "https://www.example.com";
const ONE_CLICK = "List-Unsubscribe=One-Click";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("the one-click unsubscribe's place in the server", () => {
  let database: Database;
  let server: ReturnType<express.Express["listen"]>;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const app = express();
    app.use(oneClickUnsubscribe({ siteOrigin: SITE, db: () => database.db }));
    // What comes after it in server/app.ts: the refusal of cross-site writes, then the pages.
    app.use((_req, res) => {
      res.status(299).send("passed on");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = FORM) =>
    fetch(`${base}${path}`, { method: "POST", headers, body });

  it("takes a POST to the link with a token in its address, in any case or with a slash", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "reader@example.com");
    const answer = await post(`/Newsletter/Unsubscribe/?token=${unsubscribeToken}`, ONE_CLICK, {
      ...FORM,
      origin: "https://mail.example.net",
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/unsubscribed/);
  });

  it("passes on everything else: the page's own button, a GET, the page's data, other paths", async () => {
    const token = "A".repeat(43);
    const passed = [
      await post("/newsletter/unsubscribe", `token=${token}`),
      await fetch(`${base}/newsletter/unsubscribe?token=${token}`),
      await post(`/newsletter/unsubscribe.data?token=${token}`, ONE_CLICK),
      await post(`/newsletter/unsubscribe/more?token=${token}`, ONE_CLICK),
    ];
    expect(passed.map((response) => response.status)).toEqual([299, 299, 299, 299]);
  });

  it("refuses a body too large for a one-click request without reading it all", async () => {
    const answer = await post(
      `/newsletter/unsubscribe?token=${"A".repeat(43)}`,
      "x".repeat(17_000),
    );
    expect(answer.status).toBe(413);
  });
});
