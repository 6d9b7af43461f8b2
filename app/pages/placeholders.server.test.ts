import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminChanged } from "~/admin/mutation.server";
import type { CurrentUser } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { writeSettings } from "~/models/admin-settings.server";
import type { Saver } from "~/models/post-writes.server";
import { loader } from "~/routes/marketing/page";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { type Block, blockSchema } from "./blocks";
import { createPage } from "./pages.server";
import { pageHead, renderPageView } from "./render.server";
import { createSharedSection } from "./shared-sections.server";
import type { BlockViewOf, PageView } from "./view";

const saver: Saver = { id: null, name: "ada@example.com", source: "editor" };

let counter = 0;
function block(fields: Record<string, unknown>): Block {
  counter += 1;
  return blockSchema.parse({ id: `p${counter}`, ...fields });
}

const hero = () =>
  block({
    type: "hero",
    v: 3,
    title: "Welcome to {company_name}",
    text: "Write to {contact_email}",
    primary: { label: "Open OpsHub", href: "{opshub_app_url}" },
    secondary: { label: "Call us", href: "tel:{contact_phone}" },
  });

function heroOf(view: PageView) {
  return view.blocks.find((b): b is BlockViewOf<"hero"> => b.type === "hero");
}

/** The public page at `path` as the catch-all route's loader gives it (through the site cache). */
async function publicHero(path: string) {
  const answer = (await loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: {},
  } as never)) as { found: boolean; view: PageView };
  expect(answer.found).toBe(true);
  return heroOf(answer.view);
}

describe.each(backends)("settings values on a page, on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openSiteDatabase(backend);
  });
  afterAll(async () => {
    await closeSiteDatabase(database);
  });

  it("shows the settings' values in text, markdown, links, shared sections and the head", async () => {
    const shared = await createSharedSection(database.db, {
      name: "Contact band",
      block: block({
        type: "cta",
        v: 3,
        title: "Talk to {company_name}",
        primary: { label: "Book", href: "{booking_url}" },
      }),
    });
    if (shared.status !== "saved") throw new Error("the shared section was not saved");
    const blocks = [
      hero(),
      block({
        type: "richText",
        v: 2,
        markdown: "**{company_name}** is in {business_location}. [Mail us](mailto:{contact_email})",
      }),
      block({ type: "shared", v: 1, sharedId: shared.id }),
    ];
    const view = await renderPageView(database.db, { title: "About {company_name}", blocks });
    expect(view.title).toBe("About AI Solutions");
    const shown = heroOf(view);
    expect(shown?.title).toBe("Welcome to AI Solutions");
    expect(shown?.text).toBe("Write to hello@aisolutions.example");
    expect(shown?.primary?.href).toBe("https://opshub.aisolutions.example");
    expect(shown?.secondary?.href).toBe("tel:+18135550142");
    const text = view.blocks.find((b): b is BlockViewOf<"richText"> => b.type === "richText");
    expect(text?.html).toContain("<strong>AI Solutions</strong> is in Ruskin, FL.");
    expect(text?.html).toContain('href="mailto:hello@aisolutions.example"');
    const band = view.blocks.find((b): b is BlockViewOf<"cta"> => b.type === "cta");
    expect(band?.title).toBe("Talk to AI Solutions");
    expect(band?.primary.href).toBe("https://cal.com/aisolutions/consultation");

    const head = await pageHead({
      title: "About {company_name}",
      path: "/about-us",
      blocks,
      metaTitle: null,
      metaDescription: "{company_name|upper}: {site_tagline}",
      ogImageUrl: null,
    });
    expect(head.title).toBe("About AI Solutions");
    expect(head.description).toBe("AI SOLUTIONS: AI-Powered Business Solutions");
  });

  it("escapes a value's markdown and sanitizes it like any text", async () => {
    await writeSettings(database.db, { site_name: "A*B <script>alert(1)</script>" });
    await adminChanged({ id: null, email: "admin@example.com" } as unknown as CurrentUser, {
      action: "updated",
      entity: "site settings",
    });
    const view = await renderPageView(database.db, {
      title: "x",
      blocks: [block({ type: "richText", v: 2, markdown: "By {company_name}" })],
    });
    const text = view.blocks.find((b): b is BlockViewOf<"richText"> => b.type === "richText");
    expect(text?.html).toContain("By A*B &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(text?.html).not.toContain("<script");
    await writeSettings(database.db, { site_name: "AI Solutions" });
    await adminChanged({ id: null, email: "admin@example.com" } as unknown as CurrentUser, {
      action: "updated",
      entity: "site settings",
    });
  });

  it("shows a changed setting on the public page as soon as the settings are saved", async () => {
    const created = await createPage(
      database.db,
      {
        title: "Welcome",
        path: "/welcome-values",
        kind: "landing",
        status: "published",
        blocks: [hero()],
        noindex: false,
      },
      { saver },
    );
    expect(created.status).toBe("saved");
    const before = await publicHero("/welcome-values");
    expect(before?.title).toBe("Welcome to AI Solutions");
    expect(before?.primary?.href).toBe("https://opshub.aisolutions.example");

    await writeSettings(database.db, {
      site_name: "Acme Robotics",
      opshub_app_url: "https://ops.acme.test",
    });
    // Written but not announced: the page is still the one the site cache holds.
    expect((await publicHero("/welcome-values"))?.title).toBe("Welcome to AI Solutions");

    // What the Settings tab's action does after every save (app/routes/admin/settings.tsx).
    await adminChanged({ id: null, email: "admin@example.com" } as unknown as CurrentUser, {
      action: "updated",
      entity: "site settings",
      details: { keys: ["site_name", "opshub_app_url"] },
    });
    const after = await publicHero("/welcome-values");
    expect(after?.title).toBe("Welcome to Acme Robotics");
    expect(after?.primary?.href).toBe("https://ops.acme.test");
  });
});
