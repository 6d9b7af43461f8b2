import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectCleanPage,
  launchBrowser,
  newClientContext,
  newPage,
  uniqueClientAddress,
} from "../support/browser";
import { apiClient, SLOW, uniqueEmail } from "../support/forms";
import { mailsTo } from "../support/mail";
import { sharedServer } from "../support/shared-server";

// RFC 8058's one-click unsubscribe as a mail provider sends it: plain fetch, no cookie, no
// Origin (or a webmail page's), to the List-Unsubscribe link of a real subscriber.
const { url: baseURL, dataDir } = sharedServer();
const ONE_CLICK = "List-Unsubscribe=One-Click";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** Subscribes a new address and returns its unsubscribe link, from the first mail that has it. */
async function subscriberLink(label: string) {
  const email = uniqueEmail(label);
  const subscribed = await apiClient(baseURL).post("/api/newsletter-subscribe", { email });
  expect(subscribed.status, subscribed.text).toBe(200);
  let link: string | undefined;
  await expect
    .poll(() => {
      const texts = mailsTo(dataDir, email, /./).map((mail) => mail.text);
      link = texts.join("\n").match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/)?.[0];
      return link;
    }, SLOW)
    .toBeDefined();
  return { email, link: link as string };
}

/** A POST as a mail client makes it: no cookie, one client address, the given headers. */
function post(url: string, body: BodyInit, headers: Record<string, string> = FORM) {
  return fetch(url, {
    method: "POST",
    headers: { "x-forwarded-for": uniqueClientAddress(), ...headers },
    body,
    redirect: "manual",
  });
}

async function pageHeading(link: string) {
  const html = await (await fetch(link)).text();
  return html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
}

describe("the one-click unsubscribe (RFC 8058)", () => {
  it("unsubscribes on a POST with no cookie and no Origin, answers 200, and again 200", async () => {
    const { link } = await subscriberLink("one-click");
    expect(await pageHeading(link)).toBe("Unsubscribe from our newsletter?");

    const first = await post(link, ONE_CLICK);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect(await first.text()).toMatch(/unsubscribed/);
    // The page of the same link now says so: nothing kept it from before.
    expect(await pageHeading(link)).toBe("Already unsubscribed");

    const again = await post(link, ONE_CLICK);
    expect(again.status).toBe(200);
  });

  it("takes the multipart body from a webmail page of another site, and only that from there", async () => {
    const { link } = await subscriberLink("webmail");
    const webmail = { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" };
    const token = new URL(link).searchParams.get("token") as string;

    const forged = await post(link, `token=${token}`, { ...FORM, ...webmail });
    expect(forged.status).toBe(403);
    // React Router's own address for the page's data is not the link: no exemption there.
    const dataUrl = link.replace("/newsletter/unsubscribe?", "/newsletter/unsubscribe.data?");
    expect((await post(dataUrl, ONE_CLICK, { ...FORM, ...webmail })).status).toBe(403);
    expect(await pageHeading(link)).toBe("Unsubscribe from our newsletter?");

    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const taken = await post(link, form, webmail);
    expect(taken.status).toBe(200);
    expect(await pageHeading(link)).toBe("Already unsubscribed");
  });

  it("answers 404 to a link that names no one", async () => {
    const unknown = `${baseURL}/newsletter/unsubscribe?token=${"A".repeat(43)}`;
    const answer = await post(unknown, ONE_CLICK);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});

describe("the unsubscribe page's button", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("still works without JavaScript, posting the token in its body", async () => {
    const { email, link } = await subscriberLink("no-js");
    const context = await newClientContext(browser, { baseURL, javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto(link);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor(SLOW);
    expect(await page.getByRole("status").textContent()).toContain(
      `${email} will get no more newsletters from us.`,
    );
    expectCleanPage(page);
    await context.close();
  });
});
