import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import {
  webConsultationRequests,
  webContactMessages,
  webNewsletterSubscriptions,
} from "~/db/schema.server";
import {
  leadListQuerySchema,
  parseLeadRef,
  subscriberListQuerySchema,
} from "~/schemas/admin/subscribers";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  consentsOf,
  csvFileName,
  csvLines,
  csvStream,
  getLead,
  LEAD_CSV_COLUMNS,
  leadBatches,
  leadCsvCells,
  listLeads,
  listSubscribers,
  primeBatches,
  SUBSCRIBER_CSV_COLUMNS,
  setLeadStatus,
  setSubscriptionStatus,
  subscriberBatches,
  subscriberCsvCells,
} from "./admin-subscribers.server";
import { confirmSubscription, subscribeToNewsletter } from "./newsletter.server";

const subscriberQuery = (input: Record<string, unknown> = {}) =>
  subscriberListQuerySchema.parse(input);
const leadQuery = (input: Record<string, unknown> = {}) => leadListQuerySchema.parse(input);

/** `n` subscriptions, one second apart, the last one newest: sub-000@… to sub-(n-1)@…. */
async function seedSubscribers(db: Db, n: number) {
  await db.insert(webNewsletterSubscriptions).values(
    Array.from({ length: n }, (_, i) => ({
      email: `sub-${String(i).padStart(3, "0")}@example.com`,
      unsubscribeToken: `token-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      subscribedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })),
  );
}

async function collect<T>(batches: AsyncGenerator<T[]>) {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

async function readStream(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the list queries read from the URL", () => {
  it("fall back to the defaults for wrong values instead of failing", () => {
    expect(subscriberQuery({ q: "  Ada ", status: "nope", page: "-3" })).toEqual({
      q: "Ada",
      status: "all",
      tag: "",
      page: 1,
    });
    expect(subscriberQuery({ tag: " VIP " }).tag).toBe("vip");
    expect(subscriberQuery({ tag: "not a tag!" }).tag).toBe("");
    expect(leadQuery({ type: "contact", status: "closed", page: "2" })).toEqual({
      q: "",
      type: "contact",
      status: "closed",
      page: 2,
    });
    expect(leadQuery({ type: "x", status: ["new"], page: "abc" })).toMatchObject({
      type: "all",
      status: "all",
      page: 1,
    });
  });

  it("read a lead reference like consultation-12 and nothing else", () => {
    expect(parseLeadRef("consultation-12")).toEqual({ kind: "consultation", id: 12 });
    expect(parseLeadRef("contact-3")).toEqual({ kind: "contact", id: 3 });
    for (const bad of [
      "contact-0",
      "contact-",
      "other-1",
      "contact-1x",
      "contact-99999999999",
      5,
    ]) {
      expect(parseLeadRef(bad)).toBeNull();
    }
  });
});

describe("CSV text", () => {
  it("quotes commas, quotes and line breaks and defuses formulas", () => {
    const text = csvLines(
      [
        ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tTab", "\rCR", "plain, with comma"],
        ['say "hi"', "line\nbreak", "a=b", "", 7, true, new Date("2026-11-21T10:00:00.000Z")],
      ],
      ["A", "B", "C", "D", "E", "F", "G"],
    );
    expect(text.split("\r\n")).toEqual([
      "A,B,C,D,E,F,G",
      `"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),'\tTab,"'\rCR","plain, with comma"`,
      `"say ""hi""","line\nbreak",a=b,,7,Yes,2026-11-21T10:00:00.000Z`,
      "",
    ]);
  });

  it("streams the header once, then each batch", async () => {
    async function* batches() {
      yield [{ v: "a" }, { v: "b" }];
      yield [{ v: "=c" }];
    }
    const text = await readStream(csvStream(["Value"], batches(), (row) => [row.v]));
    expect(text).toBe("Value\r\na\r\nb\r\n'=c\r\n");
    async function* none(): AsyncGenerator<{ v: string }[]> {}
    expect(await readStream(csvStream(["Value"], none(), (row) => [row.v]))).toBe("Value\r\n");
  });

  it("reads the first batch before the download starts, so a failing database fails early", async () => {
    async function* failing(): AsyncGenerator<string[]> {
      await Promise.reject(new Error("database down"));
      yield [];
    }
    await expect(primeBatches(failing())).rejects.toThrow("database down");
    async function* two() {
      yield ["a"];
      yield ["b"];
    }
    const primed = await primeBatches(two());
    expect(await collect(primed)).toEqual(["a", "b"]);
    async function* none(): AsyncGenerator<string[]> {}
    expect(await collect(await primeBatches(none()))).toEqual([]);
  });

  it("names the file by the date", () => {
    expect(csvFileName("newsletter-subscribers", new Date("2026-11-21T23:59:00Z"))).toBe(
      "newsletter-subscribers-2026-11-21.csv",
    );
  });
});

describe.each(backends)("admin subscribers and leads on %s", (backend) => {
  let database: Database;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  describe("subscribers", () => {
    it("pages newest first, 50 a page, and shows the last page for a page past the end", async () => {
      await seedSubscribers(db, 120);
      const first = await listSubscribers(db, subscriberQuery());
      expect(first).toMatchObject({ total: 120, page: 1, pageCount: 3, pageSize: 50 });
      expect(first.counts).toEqual({
        total: 120,
        active: 120,
        pending: 0,
        unsubscribed: 0,
        suppressed: 0,
      });
      expect(first.rows).toHaveLength(50);
      expect(first.rows[0]?.email).toBe("sub-119@example.com");
      expect(first.rows[49]?.email).toBe("sub-070@example.com");
      const second = await listSubscribers(db, subscriberQuery({ page: 2 }));
      expect(second.rows[0]?.email).toBe("sub-069@example.com");
      const last = await listSubscribers(db, subscriberQuery({ page: 99 }));
      expect(last.page).toBe(3);
      expect(last.rows.map((r) => r.email)).toEqual(
        Array.from({ length: 20 }, (_, i) => `sub-${String(19 - i).padStart(3, "0")}@example.com`),
      );
      // Every row exactly once across the pages.
      const all = [...first.rows, ...second.rows, ...last.rows].map((r) => r.id);
      expect(new Set(all).size).toBe(120);
    });

    it("searches any part of the address in any case, with % and _ taken literally", async () => {
      await seedSubscribers(db, 30);
      await subscribeToNewsletter(db, "Ada.Lovelace@Example.org");
      await subscribeToNewsletter(db, "percent%sign@example.org");
      await subscribeToNewsletter(db, "under_score@example.org");
      const ada = await listSubscribers(db, subscriberQuery({ q: "LOVELACE@example" }));
      expect(ada.rows.map((r) => r.email)).toEqual(["Ada.Lovelace@Example.org"]);
      expect(ada.total).toBe(1);
      expect(ada.counts.total).toBe(33);
      const percent = await listSubscribers(db, subscriberQuery({ q: "%" }));
      expect(percent.rows.map((r) => r.email)).toEqual(["percent%sign@example.org"]);
      const underscore = await listSubscribers(db, subscriberQuery({ q: "r_s" }));
      expect(underscore.rows.map((r) => r.email)).toEqual(["under_score@example.org"]);
      const subs = await listSubscribers(db, subscriberQuery({ q: "sub-02" }));
      expect(subs.total).toBe(10);
      const none = await listSubscribers(db, subscriberQuery({ q: "nobody" }));
      expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
    });

    it("unsubscribes with the time, keeps it on a second click, and re-activates clearing it", async () => {
      await seedSubscribers(db, 3);
      const [target] = await db
        .select()
        .from(webNewsletterSubscriptions)
        .where(sql`email = 'sub-001@example.com'`);
      const id = target?.id as number;
      const before = Date.now();
      const first = await setSubscriptionStatus(db, id, "unsubscribed");
      expect(first?.changed).toBe(true);
      expect(first?.row.status).toBe("unsubscribed");
      expect(first?.row.unsubscribedAt?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      const again = await setSubscriptionStatus(db, id, "unsubscribed");
      expect(again?.changed).toBe(false);
      expect(again?.row.unsubscribedAt).toEqual(first?.row.unsubscribedAt);

      const filtered = await listSubscribers(db, subscriberQuery({ status: "unsubscribed" }));
      expect(filtered.rows.map((r) => r.email)).toEqual(["sub-001@example.com"]);
      expect(filtered.counts).toEqual({
        total: 3,
        active: 2,
        pending: 0,
        unsubscribed: 1,
        suppressed: 0,
      });
      await db
        .update(webNewsletterSubscriptions)
        .set({ tags: ["vip", "footer"] })
        .where(sql`email = 'sub-002@example.com'`);
      const tagged = await listSubscribers(db, subscriberQuery({ tag: "vip" }));
      expect(tagged.rows.map((r) => [r.email, r.tags])).toEqual([
        ["sub-002@example.com", ["vip", "footer"]],
      ]);
      const active = await listSubscribers(db, subscriberQuery({ status: "active" }));
      expect(active.rows.map((r) => r.email)).toEqual([
        "sub-002@example.com",
        "sub-000@example.com",
      ]);

      const back = await setSubscriptionStatus(db, id, "active");
      expect(back?.changed).toBe(true);
      expect(back?.row).toMatchObject({ status: "active", unsubscribedAt: null });
      expect(back?.row.subscribedAt).toEqual(target?.subscribedAt);
      expect(await setSubscriptionStatus(db, 999_999, "active")).toBeNull();
    });

    it("after an admin unsubscribes an address, subscribing it again re-activates it", async () => {
      await subscribeToNewsletter(db, "back@example.com");
      const [row] = await db.select().from(webNewsletterSubscriptions);
      await setSubscriptionStatus(db, row?.id as number, "unsubscribed");
      expect((await subscribeToNewsletter(db, "back@example.com")).outcome).toBe("reactivated");
    });

    it("exports every matching row once in batches, newest first, with ISO times", async () => {
      await seedSubscribers(db, 1_234);
      const rows = await collect(subscriberBatches(db, { q: "", status: "all" }, 100));
      expect(rows).toHaveLength(1_234);
      expect(new Set(rows.map((r) => r.id)).size).toBe(1_234);
      expect(rows[0]?.email).toBe("sub-1233@example.com");
      const [target] = rows.filter((r) => r.email === "sub-005@example.com");
      await setSubscriptionStatus(db, target?.id as number, "unsubscribed");
      const unsubscribed = await collect(subscriberBatches(db, { q: "", status: "unsubscribed" }));
      expect(unsubscribed.map((r) => r.email)).toEqual(["sub-005@example.com"]);
      const text = await readStream(
        csvStream(
          SUBSCRIBER_CSV_COLUMNS,
          subscriberBatches(db, { q: "sub-005", status: "all" }),
          subscriberCsvCells,
        ),
      );
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "Email,Status,Subscribed At,Unsubscribed At,Confirmed At,Consent Source,Consent Wording Version,Suppressed Reason,Suppressed At",
      );
      expect(lines[1]).toMatch(
        /^sub-005@example\.com,unsubscribed,2026-01-01T00:00:05\.000Z,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,,,,,$/,
      );
      expect(lines.slice(2)).toEqual([""]);
    });

    it("counts, filters and exports pending and suppressed addresses with their consent and suppression", async () => {
      const pending = await subscribeToNewsletter(db, "pending@example.com", {
        doubleOptIn: true,
        source: "footer",
      });
      const confirmed = await subscribeToNewsletter(db, "confirmed@example.com", {
        doubleOptIn: true,
        source: "page",
      });
      await confirmSubscription(db, confirmed.confirmToken as string);
      const suppressedAt = new Date(Date.UTC(2026, 10, 1, 12, 0, 0));
      await db.insert(webNewsletterSubscriptions).values({
        email: "bounced@example.com",
        status: "suppressed",
        unsubscribeToken: "b".repeat(43),
        suppressedReason: "bounce",
        suppressedAt,
      });
      expect(pending.outcome).toBe("confirmation-needed");
      const list = await listSubscribers(db, subscriberQuery({ status: "pending" }));
      expect(list.rows.map((r) => r.email)).toEqual(["pending@example.com"]);
      expect(list.counts).toEqual({
        total: 3,
        active: 1,
        pending: 1,
        unsubscribed: 0,
        suppressed: 1,
      });
      const suppressed = await listSubscribers(db, subscriberQuery({ status: "suppressed" }));
      expect(suppressed.rows[0]).toMatchObject({ suppressedReason: "bounce", suppressedAt });

      const consents = await consentsOf(
        db,
        (await listSubscribers(db, subscriberQuery())).rows.map((r) => r.id),
      );
      const confirmedRow = (await listSubscribers(db, subscriberQuery({ q: "confirmed" }))).rows[0];
      expect(consents.get(confirmedRow?.id as number)).toMatchObject([
        { source: "page", confirmed: false },
        { source: "page", confirmed: true },
      ]);

      const text = await readStream(
        csvStream(
          SUBSCRIBER_CSV_COLUMNS,
          subscriberBatches(db, { q: "", status: "all" }),
          subscriberCsvCells,
        ),
      );
      const lines = text.split("\r\n");
      expect(lines[1]).toBe(
        "bounced@example.com,suppressed,".concat(
          `${(await listSubscribers(db, subscriberQuery({ q: "bounced" }))).rows[0]?.subscribedAt.toISOString()}`,
          ",,,,,bounce,2026-11-01T12:00:00.000Z",
        ),
      );
      expect(lines[2]).toMatch(
        /^confirmed@example\.com,active,[^,]+,,\d{4}-[^,]+Z,page,2026-11-27,,$/,
      );
      expect(lines[3]).toMatch(/^pending@example\.com,pending,[^,]+,,,footer,2026-11-27,,$/);
    });

    it("refuses any change of a suppressed address and activating a pending one; unsubscribes a pending one", async () => {
      await db.insert(webNewsletterSubscriptions).values({
        email: "bounced@example.com",
        status: "suppressed",
        unsubscribeToken: "b".repeat(43),
        suppressedReason: "spam-report",
        suppressedAt: new Date(),
      });
      const [bounced] = await db.select().from(webNewsletterSubscriptions);
      for (const status of ["active", "unsubscribed"] as const) {
        const answer = await setSubscriptionStatus(db, bounced?.id as number, status);
        expect(answer).toMatchObject({ changed: false, refused: "suppressed" });
        expect(answer?.row.status).toBe("suppressed");
      }

      const pending = await subscribeToNewsletter(db, "pending@example.com", { doubleOptIn: true });
      const [row] = await db
        .select()
        .from(webNewsletterSubscriptions)
        .where(sql`email = 'pending@example.com'`);
      expect(await setSubscriptionStatus(db, row?.id as number, "active")).toMatchObject({
        changed: false,
        refused: "pending",
        row: { status: "pending" },
      });
      const out = await setSubscriptionStatus(db, row?.id as number, "unsubscribed");
      expect(out).toMatchObject({ changed: true, row: { status: "unsubscribed" } });
      // Its confirmation link no longer works.
      expect(await confirmSubscription(db, pending.confirmToken as string)).toBeNull();
      const [after] = await db
        .select()
        .from(webNewsletterSubscriptions)
        .where(sql`email = 'pending@example.com'`);
      expect(after).toMatchObject({ status: "unsubscribed", confirmToken: null });
    });

    it("defuses an address that starts like a formula", async () => {
      await subscribeToNewsletter(db, "=cmd@example.com");
      await subscribeToNewsletter(db, "-x@example.com");
      const text = await readStream(
        csvStream(
          SUBSCRIBER_CSV_COLUMNS,
          subscriberBatches(db, { q: "", status: "all" }),
          subscriberCsvCells,
        ),
      );
      const cells = text.split("\r\n").map((line) => line.split(",")[0]);
      expect(cells.slice(1, 3)).toEqual(["'-x@example.com", "'=cmd@example.com"]);
    });
  });

  describe("leads", () => {
    async function seedLeads() {
      // Interleaved in time: c1 (t0), m1 (t1), c2 (t2), m2 (t3), ...
      const consultations = await db
        .insert(webConsultationRequests)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            name: `Consult ${i}`,
            email: `consult-${i}@example.com`,
            phone: "+1 555 0100",
            company: "Acme",
            serviceType: "Chatbot Development",
            preferredTime: "Flexible",
            message: `Please call me about ${i}. ${"More words. ".repeat(30)}`,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 2)),
          })),
        )
        .returning({ id: webConsultationRequests.id });
      const contacts = await db
        .insert(webContactMessages)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            firstName: "Contact",
            lastName: `${i}`,
            email: `contact-${i}@example.com`,
            comments: i === 0 ? '=HYPERLINK("http://evil")' : `Hello ${i}`,
            consent: true,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 2 + 1)),
          })),
        )
        .returning({ id: webContactMessages.id });
      return { consultations, contacts };
    }

    it("lists both kinds newest first, 25 a page, with counts and filters", async () => {
      await seedLeads();
      const first = await listLeads(db, leadQuery());
      expect(first).toMatchObject({ total: 40, page: 1, pageCount: 2 });
      expect(first.counts).toEqual({
        total: 40,
        new: 40,
        consultation: { total: 20, new: 20 },
        contact: { total: 20, new: 20 },
      });
      expect(first.rows.slice(0, 3).map((r) => [r.kind, r.name])).toEqual([
        ["contact", "Contact 19"],
        ["consultation", "Consult 19"],
        ["contact", "Contact 18"],
      ]);
      expect(first.rows[1]?.preview.length).toBeLessThanOrEqual(140);
      expect(first.rows[1]?.preview.endsWith("…")).toBe(true);
      const second = await listLeads(db, leadQuery({ page: 2 }));
      expect(second.rows).toHaveLength(15);
      expect(second.rows.at(-1)?.name).toBe("Consult 0");
      const keys = [...first.rows, ...second.rows].map((r) => `${r.kind}-${r.id}`);
      expect(new Set(keys).size).toBe(40);

      const consultations = await listLeads(db, leadQuery({ type: "consultation" }));
      expect(consultations.total).toBe(20);
      expect(consultations.rows.every((r) => r.kind === "consultation")).toBe(true);
      const search = await listLeads(db, leadQuery({ q: "CONTACT 1" }));
      expect(search.rows.map((r) => r.name)).toEqual([
        "Contact 19",
        "Contact 18",
        "Contact 17",
        "Contact 16",
        "Contact 15",
        "Contact 14",
        "Contact 13",
        "Contact 12",
        "Contact 11",
        "Contact 10",
        "Contact 1",
      ]);
      const byEmail = await listLeads(db, leadQuery({ q: "consult-7@" }));
      expect(byEmail.rows.map((r) => r.name)).toEqual(["Consult 7"]);
    });

    it("changes a status, says what it was, and filters by it", async () => {
      const { consultations, contacts } = await seedLeads();
      const consultationId = consultations[3]?.id as number;
      const contactId = contacts[4]?.id as number;
      const contacted = await setLeadStatus(db, "consultation", consultationId, "contacted");
      expect(contacted?.previous).toBe("new");
      expect(contacted?.lead.status).toBe("contacted");
      const closed = await setLeadStatus(db, "contact", contactId, "closed");
      expect(closed?.previous).toBe("new");
      const again = await setLeadStatus(db, "contact", contactId, "contacted");
      expect(again?.previous).toBe("closed");
      expect(await setLeadStatus(db, "contact", 999_999, "closed")).toBeNull();

      const list = await listLeads(db, leadQuery({ status: "contacted" }));
      expect(list.rows.map((r) => `${r.kind}-${r.id}`)).toEqual([
        `contact-${contactId}`,
        `consultation-${consultationId}`,
      ]);
      expect(list.counts.new).toBe(38);
      expect(list.counts.consultation.new).toBe(19);
      // The other table's row with the same id is untouched.
      expect((await getLead(db, "contact", consultationId))?.status).toBe("new");
    });

    it("shows every field of one lead", async () => {
      const { consultations, contacts } = await seedLeads();
      const consultation = await getLead(db, "consultation", consultations[2]?.id as number);
      expect(consultation).toMatchObject({
        kind: "consultation",
        name: "Consult 2",
        email: "consult-2@example.com",
        phone: "+1 555 0100",
        company: "Acme",
        serviceType: "Chatbot Development",
        preferredTime: "Flexible",
        status: "new",
      });
      expect(consultation?.message.startsWith("Please call me about 2.")).toBe(true);
      const contact = await getLead(db, "contact", contacts[5]?.id as number);
      expect(contact).toMatchObject({
        kind: "contact",
        name: "Contact 5",
        message: "Hello 5",
        consent: true,
      });
      expect(await getLead(db, "contact", 999_999)).toBeNull();
    });

    it("exports all leads once in batches, newest first, formulas defused", async () => {
      await seedLeads();
      const all = await collect(leadBatches(db, { q: "", type: "all", status: "all" }, 7));
      expect(all).toHaveLength(40);
      expect(new Set(all.map((l) => `${l.kind}-${l.id}`)).size).toBe(40);
      expect(all[0]?.name).toBe("Contact 19");
      expect(all.at(-1)?.name).toBe("Consult 0");
      const text = await readStream(
        csvStream(
          LEAD_CSV_COLUMNS,
          leadBatches(db, { q: "", type: "contact", status: "all" }),
          leadCsvCells,
        ),
      );
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "Type,ID,Received At,Status,Name,Email,Phone,Company,Service Type,Preferred Time,Message,Consent",
      );
      expect(lines).toHaveLength(21);
      expect(lines.at(-1)).toMatch(
        /^Contact message,\d+,2026-01-01T00:00:01\.000Z,new,Contact 0,contact-0@example\.com,,,,,"'=HYPERLINK\(""http:\/\/evil""\)",Yes$/,
      );
    });

    it("keeps microsecond-equal times apart when paging the export", async () => {
      const at = new Date(Date.UTC(2026, 0, 2));
      await db.insert(webConsultationRequests).values(
        Array.from({ length: 9 }, (_, i) => ({
          name: `Same ${i}`,
          email: "s@example.com",
          createdAt: at,
        })),
      );
      const all = await collect(leadBatches(db, { q: "", type: "all", status: "all" }, 2));
      expect(all.map((l) => l.name)).toEqual(Array.from({ length: 9 }, (_, i) => `Same ${8 - i}`));
    });
  });
});
