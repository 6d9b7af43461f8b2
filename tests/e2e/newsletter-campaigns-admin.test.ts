import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import {
  webNewsletterCampaigns,
  webNewsletterSubscriptions,
  webOutbox,
  webPosts,
} from "~/db/schema.server";
import { formatInZone, fromZonedInputValue } from "~/lib/zoned-time";
import { NO_SUBJECT } from "~/newsletter/campaign";
import { type AdminSession, openAdminTab, startAdminSession } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, newPage } from "../support/browser";
import { expectToast, SLOW, waitForHydration } from "../support/forms";
import { waitForMail } from "../support/mail";

/**
 * The newsletter's campaigns in the admin, on a server of its own: the list by state (campaigns
 * stored directly), a campaign's send panel (a test to staff only, Send now asked first, the
 * refusal of a campaign without a subject), Send as newsletter from a published post, and
 * subscribers' tags set by hand.
 */

const run = Date.now().toString(36);
const DRAFT = `Spring news ${run}`;
const SENT = `Winter news ${run}`;
const LATER = `Autumn news ${run}`;
const POST_TITLE = `Our launch story ${run}`;
const READER = `reader-${run}@example.com`;

let session: AdminSession;
let page: Page;
const ids = { draft: 0, sent: 0, untitled: 0, later: 0, post: 0 };

beforeAll(async () => {
  session = await startAdminSession();
  const { own } = session;
  await own.whileStopped(async () => {
    const client = await PGlite.create(path.join(own.dataDir, "db"));
    try {
      const { db } = openPglite(client);
      const body = [{ id: "intro", type: "text", v: 1, markdown: "What is new this spring." }];
      const [draft, sent, untitled, later] = await db
        .insert(webNewsletterCampaigns)
        .values([
          { subject: DRAFT, body },
          {
            subject: SENT,
            body,
            status: "sent",
            recipients: 3,
            startedAt: new Date("2026-11-02T09:00:00Z"),
            finishedAt: new Date("2026-11-02T09:05:00Z"),
          },
          { subject: "", body },
          { subject: LATER, body },
        ])
        .returning({ id: webNewsletterCampaigns.id });
      ids.draft = draft?.id as number;
      ids.sent = sent?.id as number;
      ids.untitled = untitled?.id as number;
      ids.later = later?.id as number;
      // Two of the sent campaign's three mails left.
      await db.insert(webOutbox).values(
        [1, 2, 3].map((n) => ({
          event: "newsletter.campaign",
          target: "newsletter",
          status: n < 3 ? ("delivered" as const) : ("failed" as const),
          giveUpAt: new Date("2026-11-03T09:00:00Z"),
          dedupeKey: `campaign:${ids.sent}:${900_000 + n}`,
          campaignId: ids.sent,
        })),
      );
      await db.insert(webNewsletterSubscriptions).values({
        email: READER,
        status: "active",
        unsubscribeToken: `r${run}`.padEnd(43, "r"),
        tags: ["footer"],
      });
      const [post] = await db
        .insert(webPosts)
        .values({
          title: POST_TITLE,
          slug: `our-launch-story-${run}`,
          excerpt: "How we launched.",
          content: "We launched.",
          status: "published",
          publishedAt: new Date("2026-11-01T09:00:00Z"),
        })
        .returning({ id: webPosts.id });
      ids.post = post?.id as number;
    } finally {
      await client.close();
    }
  });
});

afterAll(async () => {
  await session?.close();
});

// A page per test: each one's console is checked on its own.
beforeEach(async () => {
  page = await newPage(session.context);
});
afterEach(async () => {
  await page?.close();
});

/** The answer of a refused step (a 400 with its messages), which the browser logs. */
const REFUSED = [/status of 400/];

function campaignRow(subject: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: subject }) });
}

async function openSending(id: number) {
  await page.goto(`/admin/newsletter/campaigns/${id}`);
  await waitForHydration(page.getByRole("region", { name: "Sending" }));
}

describe("the campaigns list", () => {
  it("shows the campaigns by state, with the sent one's recipients and mails sent", async () => {
    await openAdminTab(page, "/admin/newsletter", "Newsletter");
    await page.getByRole("link", { name: "Campaigns" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Campaigns", exact: true }).isVisible(), SLOW)
      .toBe(true);
    await expect.poll(() => campaignRow(DRAFT).textContent()).toContain("Draft");
    const sent = await campaignRow(SENT).textContent();
    expect(sent).toContain("Sent");
    expect(sent).toMatch(/Recipients\s*3/);
    expect(sent).toMatch(/Sent\s*2/);
    await expect.poll(() => campaignRow("Untitled campaign").count()).toBe(1);
    await expectNoAxeViolations(page);

    const filters = page.getByRole("navigation", { name: "Campaigns by state" });
    await filters.getByRole("link", { name: /^Sent/ }).click();
    await expect.poll(() => campaignRow(DRAFT).count()).toBe(0);
    expect(await campaignRow(SENT).count()).toBe(1);
    await filters.getByRole("link", { name: /^Scheduled/ }).click();
    await expect.poll(() => page.getByText("No campaign is scheduled.").isVisible()).toBe(true);
    await filters.getByRole("link", { name: /^Drafts/ }).click();
    await expect.poll(() => campaignRow(DRAFT).count()).toBe(1);
    expect(await campaignRow(SENT).count()).toBe(0);
    expect(await page.getByRole("link", { name: "New campaign" }).getAttribute("href")).toBe(
      "/admin/newsletter/campaigns/new",
    );
    expectCleanPage(page);
  });
});

describe("the send panel", () => {
  it("sends a test to staff only: another address is refused at the field", async () => {
    await openSending(ids.draft);
    await page.getByRole("button", { name: "Send test" }).click();
    const dialog = page.getByRole("dialog", { name: "Send a test" });
    const to = dialog.getByRole("textbox", { name: "Send to" });
    expect(await to.inputValue()).toBe(session.admin.email);

    await to.fill(READER);
    await dialog.getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => to.getAttribute("aria-invalid"), SLOW).toBe("true");
    const describedBy = (await to.getAttribute("aria-describedby")) ?? "";
    const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
    expect(errorId).toBeTruthy();
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toContain(READER);

    await to.fill(session.admin.email);
    await dialog.getByRole("button", { name: "Send test" }).click();
    await expectToast(page, {
      type: "success",
      title: "Test Sent",
      description: `Sent to ${session.admin.email}.`,
    });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const escaped = DRAFT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const mail = await waitForMail(session.own.dataDir, session.admin.email, new RegExp(escaped));
    expect(mail.subject).toContain(DRAFT);
    await expectNoAxeViolations(page);
    expectCleanPage(page, REFUSED);
  });

  it("asks before Send now, naming how many confirmed subscribers get it", async () => {
    await openSending(ids.draft);
    const panel = page.getByRole("region", { name: "Sending" });
    await panel.getByRole("button", { name: "Send now" }).click();
    const ask = page.getByRole("alertdialog", { name: "Send this campaign now?" });
    await expect.poll(() => ask.textContent()).toContain("1 confirmed subscriber at once");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect(await panel.textContent()).toContain("Not sent yet");

    await panel.getByRole("button", { name: "Send now" }).click();
    await ask.getByRole("button", { name: "Send now" }).click();
    await expectToast(page, {
      type: "success",
      title: "Campaign Sending",
      description: `${DRAFT} is on its way to 1 confirmed subscriber.`,
    });
    await expect
      .poll(() => panel.getByRole("progressbar", { name: "Campaign progress" }).isVisible(), SLOW)
      .toBe(true);
    expect(await panel.getByRole("button", { name: "Send now" }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
  });

  it("refuses to send a campaign without a subject, and says so", async () => {
    await openSending(ids.untitled);
    expect(await page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe("");
    const panel = page.getByRole("region", { name: "Sending" });
    await panel.getByRole("button", { name: "Send now" }).click();
    await page
      .getByRole("alertdialog", { name: "Send this campaign now?" })
      .getByRole("button", { name: "Send now" })
      .click();
    await expect.poll(() => panel.getByRole("alert").textContent(), SLOW).toContain(NO_SUBJECT);
    expect(await panel.textContent()).toContain("Not sent yet");
    expectCleanPage(page, REFUSED);
  });
});

describe("scheduling", () => {
  it("takes a time in the site's time zone, refuses a past one, and can be cancelled", async () => {
    await openSending(ids.later);
    const panel = page.getByRole("region", { name: "Sending" });
    await panel.getByRole("button", { name: "Schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule the campaign" });
    const when = dialog.getByLabel("Send on");
    expect(await when.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const hint = (await dialog.textContent()) ?? "";
    const timeZone = /Date and time in (\S+) \(the site's time zone/.exec(hint)?.[1] as string;
    expect(timeZone).toBeTruthy();

    await when.fill("2020-01-01T09:00");
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect.poll(() => when.getAttribute("aria-invalid"), SLOW).toBe("true");

    const at = "2099-06-01T09:30";
    await when.fill(at);
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expectToast(page, {
      type: "success",
      title: "Campaign Scheduled",
      description: `${LATER} leaves on its own on ${formatInZone(
        fromZonedInputValue(at, timeZone) as Date,
        timeZone,
      )}.`,
    });
    await expect.poll(() => panel.textContent(), SLOW).toContain("Leaves on its own on");
    await panel.getByRole("button", { name: "Cancel schedule" }).click();
    await expectToast(page, { type: "success", title: "Schedule Cancelled", description: LATER });
    await expect.poll(() => panel.textContent(), SLOW).toContain("Not sent yet");
    expectCleanPage(page, REFUSED);
  });
});

describe("Send as newsletter", () => {
  it("makes a campaign draft from a published post, with its title as the subject", async () => {
    await page.goto(`/admin/blog/${ids.post}`);
    const button = page.getByRole("button", { name: "Send as newsletter" });
    await waitForHydration(button);
    await button.click();
    await expect
      .poll(() => new URL(page.url()).pathname, SLOW)
      .toMatch(/^\/admin\/newsletter\/campaigns\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    expect(id).toBeGreaterThan(ids.later);

    await openAdminTab(page, "/admin/newsletter/campaigns?state=draft", "Campaigns");
    await expect.poll(() => campaignRow(POST_TITLE).textContent()).toContain("Draft");
    expect(
      await campaignRow(POST_TITLE)
        .getByRole("link", { name: POST_TITLE, exact: true })
        .getAttribute("href"),
    ).toBe(`/admin/newsletter/campaigns/${id}`);
    expectCleanPage(page);
  });
});

describe("subscriber tags", () => {
  it("are edited by hand, checked as tags, shown in the list and filter it", async () => {
    await openAdminTab(page, "/admin/newsletter", "Newsletter");
    const edit = page.getByRole("button", { name: `Edit tags of ${READER}` });
    await waitForHydration(edit);
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Tags" });
    const field = dialog.getByRole("textbox", { name: "Tags" });
    expect(await field.inputValue()).toBe("footer");

    await field.fill("footer, vip!");
    await dialog.getByRole("button", { name: "Save tags" }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");

    await field.fill("footer, VIP, webinar-2026");
    await dialog.getByRole("button", { name: "Save tags" }).click();
    await expectToast(page, {
      type: "success",
      title: "Tags Saved",
      description: "Tags: footer, vip, webinar-2026.",
    });
    const tags = page.getByRole("list", { name: `Tags of ${READER}` });
    await expect
      .poll(() => tags.getByRole("listitem").allTextContents(), SLOW)
      .toEqual(["footer", "vip", "webinar-2026"]);

    await page.getByRole("combobox", { name: "Tag", exact: true }).selectOption("vip");
    await expect.poll(() => new URL(page.url()).searchParams.get("tag"), SLOW).toBe("vip");
    await expect
      .poll(() => page.getByRole("cell", { name: READER, exact: true }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    expectCleanPage(page, REFUSED);
  });
});
