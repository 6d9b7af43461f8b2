import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as reactEmail from "@react-email/render";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { profiles, users, webMedia, webPosts, webSettings } from "~/db/schema.server";
import type { Env } from "~/env.server";
import { createMailer, type Mailer, type MailMessage } from "~/mail/mailer.server";
import { parseEml } from "../../../tests/support/mail";
import { backends, createTestDatabase } from "../../../tests/support/test-database";
import { type CampaignDraft, campaignDraftSchema, NO_BODY, NO_SUBJECT } from "../campaign";
import type { CampaignBlock } from "../campaign-body";
import type { CampaignRow, CampaignSite } from "../campaign-types.server";
import {
  campaignSite,
  prepareCampaignMail,
  renderCampaign,
  sendCampaignTest,
  TEST_UNSUBSCRIBE_TOKEN,
  UNSUBSCRIBE_PLACEHOLDER,
} from "./render.server";

// React Email's render, watched: a campaign is drawn once however many readers it has.
vi.mock("@react-email/render", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@react-email/render")>();
  return { ...actual, render: vi.fn(actual.render) };
});

const site: CampaignSite = {
  siteUrl: "https://example.test",
  siteName: "Example Co",
  mailto: "hello@example.test",
};

const IMAGE = "1700000000000-abcdefgh.png";
const variant = (width: number, format: "jpg" | "png" | "webp" | "avif") => ({
  name: `1700000000000-abcdefgh-v1-w${width}.${format}`,
  format,
  kind: "w" as const,
  width,
  height: width / 2,
  size: 1000,
});

const blocks: CampaignBlock[] = [
  { id: "h1", type: "heading", v: 1, level: "1", text: "Spring news" },
  { id: "h2", type: "heading", v: 1, level: "2", text: "What we shipped" },
  {
    id: "t1",
    type: "text",
    v: 1,
    markdown:
      "We made **bold** moves and *small* ones.\n\nRead [the guide](/guides/start) or [our partner](https://partner.test/x).\n\n- first point\n- second point\n\n> A quote",
  },
  { id: "i1", type: "image", v: 1, src: `/media/${IMAGE}`, alt: "Our new office", href: "/about" },
  { id: "i2", type: "image", v: 1, src: "https://cdn.test/pic.jpg", alt: "A picture", href: "" },
  { id: "b1", type: "button", v: 1, label: "Book a call", href: "/contact" },
  { id: "d1", type: "divider", v: 1 },
  { id: "p1", type: "postCard", v: 1, slug: "launch-post" },
  { id: "p2", type: "postCard", v: 1, slug: "draft-post" },
  { id: "p3", type: "postCard", v: 1, slug: "no-such-post" },
];

const campaign = (overrides: Partial<CampaignRow> = {}): CampaignRow =>
  ({
    id: 7,
    subject: "Spring news",
    previewText: "Three things we did this spring",
    fromName: "",
    replyTo: "",
    body: blocks,
    ...overrides,
  }) as CampaignRow;

async function addStaff(db: Db, email: string, role: "admin" | "editor" | "user") {
  const id = email.split("@")[0] as string;
  await db.insert(users).values({ id, name: id, email });
  await db.insert(profiles).values({ id, role });
}

describe.each(backends)("campaign mail (%s)", (backend) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seeded: true });
    db = database.db;
    await db.insert(webPosts).values([
      {
        title: "We launched",
        slug: "launch-post",
        excerpt: "The long story of our launch.",
        content: "Body",
        status: "published",
        publishedAt: new Date("2026-01-01T00:00:00Z"),
        featuredImageUrl: `/media/${IMAGE}`,
      },
      { title: "Not yet", slug: "draft-post", content: "Draft", status: "draft" },
    ]);
    await db.insert(webMedia).values({
      name: IMAGE,
      originalName: "office.png",
      mimeType: "image/png",
      size: 5000,
      width: 2000,
      height: 1000,
      variants: [
        variant(320, "png"),
        variant(640, "png"),
        variant(1280, "png"),
        variant(640, "webp"),
      ],
    });
    await addStaff(db, "admin@example.test", "admin");
    await addStaff(db, "Editor@Example.test", "editor");
    await addStaff(db, "member@example.test", "user");
  });
  afterAll(async () => {
    if (database) await database.close();
  });

  describe("renderCampaign", () => {
    it("draws every block in the HTML with absolute addresses", async () => {
      const { html } = await renderCampaign(db, campaign(), site);
      expect(html).toMatch(/<html[^>]*lang="en"/);
      expect(html).toContain("Three things we did this spring");
      expect(html).toContain("Example Co");
      expect(html).toMatch(/<h1[^>]*>Spring news<\/h1>/);
      expect(html).toMatch(/<h2[^>]*>What we shipped<\/h2>/);
      expect(html).toMatch(/<strong style="font-weight:700">bold<\/strong>/);
      expect(html).toMatch(/<em style="[^"]*">small<\/em>/);
      expect(html).toMatch(/<a style="[^"]*" href="https:\/\/example.test\/guides\/start"/);
      expect(html).toMatch(/<ul style="[^"]*">\s*<li style="[^"]*">first point<\/li>/);
      expect(html).toMatch(/<blockquote style="[^"]*">/);
      // The library image as its 640 px PNG copy, absolute, with its alt text and link.
      expect(html).toContain('<a href="https://example.test/about"');
      expect(html).toMatch(
        /<img alt="Our new office"[^>]*src="https:\/\/example.test\/media\/1700000000000-abcdefgh-v1-w640.png"/,
      );
      expect(html).toMatch(/<img alt="A picture"[^>]*src="https:\/\/cdn.test\/pic.jpg"/);
      expect(html).toMatch(/href="https:\/\/example.test\/contact"[^>]*>.*Book a call/s);
      expect(html).toMatch(/<hr /);
      expect(html).toContain("We launched");
      expect(html).toContain("The long story of our launch.");
      expect(html).toMatch(/href="https:\/\/example.test\/blog\/launch-post"[^>]*>Read more/);
      expect(html).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
      expect(html).toContain('role="presentation"');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain('src="/');
      expect(html).not.toContain('href="/');
    });

    it("leaves out a post card whose post is missing or unpublished, and names it", async () => {
      const { html, text, missingPosts } = await renderCampaign(db, campaign(), site);
      expect(missingPosts).toEqual(["draft-post", "no-such-post"]);
      expect(html).not.toContain("Not yet");
      expect(text).not.toContain("Not yet");
    });

    it("writes a plain-text part from the same blocks", async () => {
      const { text } = await renderCampaign(db, campaign(), site);
      expect(text).toContain("Spring news\n===========");
      expect(text).toContain("What we shipped");
      expect(text).toContain("We made bold moves and small ones.");
      expect(text).toContain("the guide: https://example.test/guides/start");
      expect(text).toContain("our partner: https://partner.test/x");
      expect(text).toMatch(/\* first point\n \* second point/);
      expect(text).toContain("[Our new office]: https://example.test/about");
      expect(text).toContain("[A picture]");
      expect(text).toContain("Book a call: https://example.test/contact");
      expect(text).toContain("----------");
      expect(text).toContain(
        "We launched\nThe long story of our launch.\nRead more: https://example.test/blog/launch-post",
      );
      expect(text).toContain(`Unsubscribe (no sign-in needed): ${UNSUBSCRIBE_PLACEHOLDER}`);
      expect(text).not.toMatch(/<[a-z]/i);
    });

    it("shows a library image inside text as its mail-sized copy", async () => {
      const body = [
        {
          id: "t",
          type: "text",
          v: 1,
          markdown: `See ![A chart](/media/${IMAGE}) and ![Elsewhere](https://cdn.test/a.png)`,
        },
      ];
      const { html } = await renderCampaign(db, campaign({ body }), site);
      expect(html).toMatch(
        /<img style="[^"]*" alt="A chart" src="https:\/\/example.test\/media\/1700000000000-abcdefgh-v1-w640.png"/,
      );
      expect(html).toMatch(/<img style="[^"]*" alt="Elsewhere" src="https:\/\/cdn.test\/a.png"/);
    });

    it("drops what the markdown must not carry", async () => {
      const body = [
        {
          id: "t",
          type: "text",
          v: 1,
          markdown:
            'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> [x](javascript:alert(3))',
        },
      ];
      const { html } = await renderCampaign(db, campaign({ body }), site);
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
    });
  });

  describe("prepareCampaignMail", () => {
    it("gives each reader their own unsubscribe link in HTML, text and headers", async () => {
      const mailFor = await prepareCampaignMail(
        db,
        campaign({ fromName: "The Team", replyTo: "team@example.test" }),
        site,
      );
      const ann = mailFor({
        subscriptionId: 1,
        email: "ann@reader.test",
        unsubscribeToken: "tok-ann",
      });
      const bob = mailFor({
        subscriptionId: 2,
        email: "bob@reader.test",
        unsubscribeToken: "tok-bob",
      });
      const annLink = "https://example.test/newsletter/unsubscribe?token=tok-ann";
      expect(ann).toMatchObject({
        to: "ann@reader.test",
        subject: "Spring news",
        fromName: "The Team",
        replyTo: "team@example.test",
      });
      expect(ann.html).toContain(`href="${annLink}"`);
      expect(ann.text).toContain(`Unsubscribe (no sign-in needed): ${annLink}`);
      expect(ann.html).not.toContain("tok-bob");
      expect(bob.html).toContain("token=tok-bob");
      expect(bob.text).toContain("token=tok-bob");
      expect(ann.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
      expect(ann.headers).toEqual({
        "List-Unsubscribe": `<${annLink}>, <mailto:hello@example.test?subject=unsubscribe%20tok-ann>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    });

    it("escapes the link in the HTML but not in the text", async () => {
      const mailFor = await prepareCampaignMail(db, campaign(), site);
      const mail = mailFor({
        subscriptionId: 3,
        email: "o'neil@reader.test",
        unsubscribeToken: "o'neil",
      });
      expect(mail.html).toContain("token=o&#39;neil");
      expect(mail.html).not.toContain("token=o'neil");
      expect(mail.text).toContain("token=o'neil");
    });

    it("draws the campaign once, however many readers", async () => {
      const render = vi.mocked(reactEmail.render);
      render.mockClear();
      const mailFor = await prepareCampaignMail(db, campaign(), site);
      const mails: MailMessage[] = [];
      for (let i = 0; i < 10_000; i++) {
        mails.push(
          mailFor({ subscriptionId: i, email: `r${i}@reader.test`, unsubscribeToken: `t${i}` }),
        );
      }
      expect(render).toHaveBeenCalledTimes(1);
      expect(mails[9_999]?.text).toContain("token=t9999");
    });

    it("leaves out the mailto target when the site has no contact address", async () => {
      const mailFor = await prepareCampaignMail(db, campaign(), { ...site, mailto: undefined });
      const mail = mailFor({ subscriptionId: 1, email: "a@reader.test", unsubscribeToken: "t" });
      expect(mail.headers?.["List-Unsubscribe"]).toBe(
        "<https://example.test/newsletter/unsubscribe?token=t>",
      );
      expect(mail).not.toHaveProperty("fromName");
      expect(mail).not.toHaveProperty("replyTo");
    });
  });

  it("campaignSite takes SITE_URL and the site's name and contact address", async () => {
    const setting = (key: string, value: string) =>
      db
        .insert(webSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: webSettings.key, set: { value } });
    await setting("site_name", "Acme Test");
    await setting("contact_email", "hello@acme.test");
    const env = { SITE_URL: "https://site.test/" } as Env;
    expect(await campaignSite(db, env)).toEqual({
      siteUrl: "https://site.test",
      siteName: "Acme Test",
      mailto: "hello@acme.test",
    });
    // Not an address: the List-Unsubscribe header then carries the https link alone.
    await setting("contact_email", "call us");
    expect(await campaignSite(db, env)).not.toHaveProperty("mailto");
  });

  describe("sendCampaignTest", () => {
    let mailDir: string;
    let mailer: Mailer;
    const draft = (overrides: Partial<CampaignDraft> = {}): CampaignDraft =>
      campaignDraftSchema.parse({
        subject: "Spring news",
        previewText: "Preview",
        body: blocks,
        ...overrides,
      });

    beforeAll(async () => {
      mailDir = await fs.mkdtemp(path.join(os.tmpdir(), "campaign-test-"));
      mailer = createMailer({ from: "Site <no-reply@example.test>", mailDir });
    });
    afterAll(async () => {
      mailer.close();
      await fs.rm(mailDir, { recursive: true, force: true });
    });

    async function sentMails() {
      const files = await fs.readdir(mailDir).catch(() => []);
      return Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(path.join(mailDir, file), "utf8");
          return { raw, ...parseEml(raw) };
        }),
      );
    }

    it("refuses an address that is not staff, and sends nothing", async () => {
      const outcome = await sendCampaignTest(
        db,
        draft(),
        ["admin@example.test", "member@example.test"],
        { site, mailer },
      );
      expect(outcome).toEqual({
        status: "refused",
        errors: { to: "Test mails go only to staff addresses: member@example.test is not one." },
      });
      expect(await sentMails()).toHaveLength(0);
    });

    it("refuses a draft that cannot be sent, with its fields' messages", async () => {
      const outcome = await sendCampaignTest(
        db,
        draft({ subject: "", body: [] }),
        ["admin@example.test"],
        {
          site,
          mailer,
        },
      );
      expect(outcome).toEqual({
        status: "refused",
        errors: { subject: NO_SUBJECT, body: NO_BODY },
      });
    });

    it("refuses no address, or more than five", async () => {
      const none = await sendCampaignTest(db, draft(), [], { site, mailer });
      expect(none.status).toBe("refused");
      const six = Array.from({ length: 6 }, () => "admin@example.test");
      const many = await sendCampaignTest(db, draft(), six, { site, mailer });
      expect(many).toMatchObject({
        status: "refused",
        errors: { to: expect.stringMatching(/at most 5/) },
      });
      expect(await sentMails()).toHaveLength(0);
    });

    it("sends to staff with [Test] in the subject and an unsubscribe link that works for no one", async () => {
      const outcome = await sendCampaignTest(
        db,
        draft(),
        ["admin@example.test", "editor@example.test"],
        { site, mailer },
      );
      expect(outcome).toEqual({
        status: "sent",
        to: ["admin@example.test", "editor@example.test"],
      });
      const mails = await sentMails();
      expect(mails.map((mail) => mail.to).sort()).toEqual([
        "admin@example.test",
        "editor@example.test",
      ]);
      for (const mail of mails) {
        expect(mail.subject).toBe("[Test] Spring news");
        expect(mail.raw).toContain("multipart/alternative");
        expect(mail.raw).toContain("This is a test mail for staff.");
        expect(mail.raw).toContain(TEST_UNSUBSCRIBE_TOKEN);
        expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      }
    });
  });
});
