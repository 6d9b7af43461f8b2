import { stringify } from "csv-stringify/sync";
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableName,
  ilike,
  inArray,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  webConsultationRequests,
  webContactMessages,
  webNewsletterConsents,
  webNewsletterSubscriptions,
} from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { announceSubscriber, announceUnsubscribe } from "~/models/newsletter.server";
import {
  LEADS_PAGE_SIZE,
  type LeadKind,
  type LeadListQuery,
  type LeadStatus,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberListQuery,
  type SubscriberStatus,
} from "~/schemas/admin/subscribers";

/**
 * The admin's side of the newsletter subscriptions and the leads (consultation requests and
 * contact messages): paged lists with search and filters, status changes, and CSV exports that
 * read the rows in batches.
 */

/** A LIKE pattern that finds `text` anywhere, with the pattern characters in it taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

// ---------------------------------------------------------------------------
// Newsletter subscriptions
// ---------------------------------------------------------------------------

const subscriberColumns = {
  id: webNewsletterSubscriptions.id,
  email: webNewsletterSubscriptions.email,
  status: webNewsletterSubscriptions.status,
  subscribedAt: webNewsletterSubscriptions.subscribedAt,
  unsubscribedAt: webNewsletterSubscriptions.unsubscribedAt,
  confirmedAt: webNewsletterSubscriptions.confirmedAt,
  suppressedReason: webNewsletterSubscriptions.suppressedReason,
  suppressedAt: webNewsletterSubscriptions.suppressedAt,
  tags: webNewsletterSubscriptions.tags,
  createdAt: webNewsletterSubscriptions.createdAt,
};

export type SubscriberRow = {
  id: number;
  email: string;
  status: SubscriberStatus;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
  confirmedAt: Date | null;
  suppressedReason: string | null;
  suppressedAt: Date | null;
  tags: string[];
  createdAt: Date;
};

export interface ConsentRecord {
  source: string;
  wordingVersion: string;
  confirmed: boolean;
  givenAt: Date;
}

/** The consent records of some subscribers, oldest first, by subscriber id. */
export async function consentsOf(db: Db, ids: number[]): Promise<Map<number, ConsentRecord[]>> {
  const byId = new Map<number, ConsentRecord[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      subscriptionId: webNewsletterConsents.subscriptionId,
      source: webNewsletterConsents.source,
      wordingVersion: webNewsletterConsents.wordingVersion,
      confirmed: webNewsletterConsents.confirmed,
      givenAt: webNewsletterConsents.givenAt,
    })
    .from(webNewsletterConsents)
    .where(inArray(webNewsletterConsents.subscriptionId, ids))
    .orderBy(asc(webNewsletterConsents.givenAt), asc(webNewsletterConsents.id));
  for (const { subscriptionId, ...record } of rows) {
    const list = byId.get(subscriptionId) ?? [];
    list.push(record);
    byId.set(subscriptionId, list);
  }
  return byId;
}

/** The list's filters; `tag` (none: any) keeps those who carry it. */
type SubscriberFilter = Pick<SubscriberListQuery, "q" | "status"> & { tag?: string };

function subscriberFilter(query: SubscriberFilter) {
  const conditions: SQL[] = [];
  if (query.tag) conditions.push(arrayContains(webNewsletterSubscriptions.tags, [query.tag]));
  if (query.q) conditions.push(ilike(webNewsletterSubscriptions.email, containsPattern(query.q)));
  if (query.status !== "all") conditions.push(eq(webNewsletterSubscriptions.status, query.status));
  return conditions.length ? and(...conditions) : undefined;
}

export async function subscriberCounts(db: Db) {
  const rows = await db
    .select({ status: webNewsletterSubscriptions.status, value: count() })
    .from(webNewsletterSubscriptions)
    .groupBy(webNewsletterSubscriptions.status);
  const of = (status: SubscriberStatus) =>
    Number(rows.find((row) => row.status === status)?.value ?? 0);
  const counts = {
    active: of("active"),
    pending: of("pending"),
    unsubscribed: of("unsubscribed"),
    suppressed: of("suppressed"),
  };
  return {
    total: counts.active + counts.pending + counts.unsubscribed + counts.suppressed,
    ...counts,
  };
}

/**
 * One page of subscribers, newest first, matching the search (part of the address, any case)
 * and the status. A page past the end shows the last one.
 */
export async function listSubscribers(db: Db, query: SubscriberListQuery) {
  const where = subscriberFilter(query);
  const [[matching], counts] = await Promise.all([
    db.select({ value: count() }).from(webNewsletterSubscriptions).where(where),
    subscriberCounts(db),
  ]);
  const total = Number(matching?.value ?? 0);
  const pageCount = pageCountOf(total, SUBSCRIBERS_PAGE_SIZE);
  const page = Math.min(query.page, pageCount);
  const rows = (await db
    .select(subscriberColumns)
    .from(webNewsletterSubscriptions)
    .where(where)
    .orderBy(desc(webNewsletterSubscriptions.createdAt), desc(webNewsletterSubscriptions.id))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE)) as SubscriberRow[];
  return { rows, total, page, pageCount, pageSize: SUBSCRIBERS_PAGE_SIZE, counts };
}

/**
 * Unsubscribes (unsubscribed_at becomes now; a pending address's confirmation link stops working)
 * or re-activates (unsubscribed_at cleared) an unsubscribed one. Asking for the status it
 * already has changes nothing, so a second click keeps the time of the first. Refused (`refused`
 * says why, nothing changes): any change of a suppressed address (a hard bounce, a spam report),
 * and activating a pending one (only its owner confirms it). Null when there is no such
 * subscription.
 */
export async function setSubscriptionStatus(
  db: Db,
  id: number,
  status: "active" | "unsubscribed",
): Promise<{ row: SubscriberRow; changed: boolean; refused?: "suppressed" | "pending" } | null> {
  const table = webNewsletterSubscriptions;
  const values =
    status === "unsubscribed"
      ? { status, unsubscribedAt: sql`now()`, confirmToken: null }
      : { status, unsubscribedAt: null, confirmToken: null };
  const updated = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = (await tx
      .update(table)
      .set(values)
      .where(
        and(
          eq(table.id, id),
          status === "active"
            ? eq(table.status, "unsubscribed")
            : inArray(table.status, ["active", "pending"]),
        ),
      )
      .returning({
        ...subscriberColumns,
        // A subquery in RETURNING sees the row as it was before this statement.
        previous: sql<string>`(select prev.status from ${table} as prev where prev.id = ${sql.identifier(getTableName(table))}.id)`,
      })) as (SubscriberRow & { previous: string })[];
    if (!row) return undefined;
    const { previous, ...subscriber } = row;
    // A pending address was never announced as a subscriber: its leaving is no news either.
    if (subscriber.status === "unsubscribed" && previous === "active") {
      await announceUnsubscribe(tx, row.email, row.unsubscribedAt ?? new Date(), "admin");
    } else if (subscriber.status === "active") {
      await announceSubscriber(tx, row.email, row.subscribedAt, true);
    }
    return subscriber as SubscriberRow;
  });
  if (updated) return { row: updated, changed: true };
  const [existing] = (await db
    .select(subscriberColumns)
    .from(table)
    .where(eq(table.id, id))) as SubscriberRow[];
  if (!existing) return null;
  if (existing.status === "suppressed")
    return { row: existing, changed: false, refused: "suppressed" };
  // Only the owner of the address confirms it, by the link in the mail.
  if (existing.status === "pending") return { row: existing, changed: false, refused: "pending" };
  return { row: existing, changed: false };
}

/** The spec's four columns first, then the newsletter's own. */
export const SUBSCRIBER_CSV_COLUMNS = [
  "Email",
  "Status",
  "Subscribed At",
  "Unsubscribed At",
  "Confirmed At",
  "Consent Source",
  "Consent Wording Version",
  "Suppressed Reason",
  "Suppressed At",
];

export type SubscriberExportRow = SubscriberRow & {
  consentSource: string | null;
  consentWordingVersion: string | null;
};

/**
 * The newest consent record's field of the subscriber in the outer query (named with its table:
 * a bare "id" would be the consent's own).
 */
function latestConsent(column: "source" | "wording_version") {
  return sql<string | null>`(select c.${sql.raw(column)} from ${webNewsletterConsents} as c
    where c.subscription_id = ${sql.identifier(getTableName(webNewsletterSubscriptions))}.id
    order by c.given_at desc, c.id desc limit 1)`;
}

/** Batches of the subscribers that match, newest first, read by id so no row is skipped. */
export async function* subscriberBatches(
  db: Db,
  query: SubscriberFilter,
  batchSize = 500,
): AsyncGenerator<SubscriberExportRow[]> {
  let before: number | null = null;
  for (;;) {
    const where = and(
      subscriberFilter(query),
      before === null ? undefined : lt(webNewsletterSubscriptions.id, before),
    );
    const rows = (await db
      .select({
        ...subscriberColumns,
        consentSource: latestConsent("source"),
        consentWordingVersion: latestConsent("wording_version"),
      })
      .from(webNewsletterSubscriptions)
      .where(where)
      .orderBy(desc(webNewsletterSubscriptions.id))
      .limit(batchSize)) as SubscriberExportRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    before = (rows.at(-1) as SubscriberExportRow).id;
  }
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

/**
 * CSV text for some rows (RFC 4180 quoting by csv-stringify). A cell that a spreadsheet would
 * read as a formula (it starts with =, +, -, @, tab or carriage return) gets a leading '.
 */
export function csvLines(rows: unknown[][], header?: string[]) {
  return stringify(rows, {
    header: Boolean(header),
    columns: header,
    escape_formulas: true,
    record_delimiter: "\r\n",
    // csv-stringify quotes a field holding the whole record delimiter; a lone line feed or
    // carriage return (a message typed with line breaks) needs quotes too.
    quoted_match: /[\r\n]/,
    cast: { date: (value) => value.toISOString(), boolean: (value) => (value ? "Yes" : "No") },
  });
}

/**
 * A CSV download that is written batch by batch as the rows are read, so a long list is never
 * one string in memory.
 */
export function csvStream<T>(
  header: string[],
  batches: AsyncGenerator<T[]>,
  toCells: (row: T) => unknown[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        if (!headerSent) controller.enqueue(encoder.encode(csvLines([], header)));
        controller.close();
        return;
      }
      const text = csvLines(next.value.map(toCells), headerSent ? undefined : header);
      headerSent = true;
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * Reads the first batch now, so a database that fails does so before the download starts (an
 * error page instead of a cut-off file); the rest follow as the download is read.
 */
export async function primeBatches<T>(batches: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

export function subscriberCsvCells(row: SubscriberExportRow): unknown[] {
  return [
    row.email,
    row.status,
    row.subscribedAt,
    row.unsubscribedAt ?? "",
    row.confirmedAt ?? "",
    row.consentSource ?? "",
    row.consentWordingVersion ?? "",
    row.suppressedReason ?? "",
    row.suppressedAt ?? "",
  ];
}

// ---------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------

export interface LeadSummary {
  kind: LeadKind;
  id: number;
  name: string;
  email: string;
  status: LeadStatus;
  createdAt: Date;
  preview: string;
}

export interface LeadDetail extends LeadSummary {
  phone: string;
  /** Consultation requests only. */
  company?: string;
  serviceType?: string;
  preferredTime?: string;
  /** The consultation's message or the contact message's comments. */
  message: string;
  /** Contact messages only. */
  consent?: boolean;
}

const PREVIEW_LENGTH = 140;

function previewOf(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}

function consultationDetail(row: typeof webConsultationRequests.$inferSelect): LeadDetail {
  return {
    kind: "consultation",
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt,
    preview: previewOf(row.message),
    phone: row.phone,
    company: row.company,
    serviceType: row.serviceType,
    preferredTime: row.preferredTime,
    message: row.message,
  };
}

function contactDetail(row: typeof webContactMessages.$inferSelect): LeadDetail {
  return {
    kind: "contact",
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    status: row.status,
    createdAt: row.createdAt,
    preview: previewOf(row.comments),
    phone: row.phone,
    message: row.comments,
    consent: row.consent,
  };
}

type LeadFilter = Pick<LeadListQuery, "q" | "type" | "status">;

/** Both tables as one list of (kind, id, created_at), filtered. */
function leadKeysQuery(filter: LeadFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const parts: SQL[] = [];
  if (filter.type !== "contact") {
    const conditions: SQL[] = [sql`true`];
    if (filter.status !== "all") conditions.push(sql`status = ${filter.status}`);
    if (pattern) conditions.push(sql`(name ilike ${pattern} or email ilike ${pattern})`);
    parts.push(
      sql`select 'consultation' as kind, id, created_at from web_consultation_requests where ${sql.join(conditions, sql` and `)}`,
    );
  }
  if (filter.type !== "consultation") {
    const conditions: SQL[] = [sql`true`];
    if (filter.status !== "all") conditions.push(sql`status = ${filter.status}`);
    if (pattern) {
      conditions.push(
        sql`((first_name || ' ' || last_name) ilike ${pattern} or email ilike ${pattern})`,
      );
    }
    parts.push(
      sql`select 'contact' as kind, id, created_at from web_contact_messages where ${sql.join(conditions, sql` and `)}`,
    );
  }
  return sql.join(parts, sql` union all `);
}

interface LeadKey {
  kind: LeadKind;
  id: number;
  /** created_at as PostgreSQL prints it: exact to the microsecond, unlike a JavaScript Date. */
  cursor: string;
}

async function selectLeadKeys(db: Db, query: SQL): Promise<LeadKey[]> {
  const result = (await db.execute(query)) as unknown as {
    rows: { kind: LeadKind; id: number | string; cursor: string }[];
  };
  return result.rows.map((row) => ({ kind: row.kind, id: Number(row.id), cursor: row.cursor }));
}

/** The full rows of the given keys, in the keys' order. */
async function leadsByKeys(db: Db, keys: Pick<LeadKey, "kind" | "id">[]): Promise<LeadDetail[]> {
  const consultationIds = keys.filter((k) => k.kind === "consultation").map((k) => k.id);
  const contactIds = keys.filter((k) => k.kind === "contact").map((k) => k.id);
  const [consultations, contacts] = await Promise.all([
    consultationIds.length
      ? db
          .select()
          .from(webConsultationRequests)
          .where(inArray(webConsultationRequests.id, consultationIds))
      : [],
    contactIds.length
      ? db.select().from(webContactMessages).where(inArray(webContactMessages.id, contactIds))
      : [],
  ]);
  const byKey = new Map<string, LeadDetail>();
  for (const row of consultations) byKey.set(`consultation-${row.id}`, consultationDetail(row));
  for (const row of contacts) byKey.set(`contact-${row.id}`, contactDetail(row));
  return keys.flatMap((key) => byKey.get(`${key.kind}-${key.id}`) ?? []);
}

export async function leadCounts(db: Db) {
  const result = (await db.execute(sql`
    select 'consultation' as kind, status, count(*)::int as n
      from web_consultation_requests group by status
    union all
    select 'contact' as kind, status, count(*)::int as n
      from web_contact_messages group by status`)) as unknown as {
    rows: { kind: LeadKind; status: LeadStatus; n: number | string }[];
  };
  const counts = {
    total: 0,
    new: 0,
    consultation: { total: 0, new: 0 },
    contact: { total: 0, new: 0 },
  };
  for (const row of result.rows) {
    const n = Number(row.n);
    counts.total += n;
    counts[row.kind].total += n;
    if (row.status === "new") {
      counts.new += n;
      counts[row.kind].new += n;
    }
  }
  return counts;
}

/** One page of leads of both kinds, newest first, with the counts the tab shows. */
export async function listLeads(db: Db, query: LeadListQuery) {
  const keys = leadKeysQuery(query);
  const [countResult, counts] = await Promise.all([
    db.execute(sql`select count(*)::int as n from (${keys}) as leads`) as unknown as Promise<{
      rows: { n: number | string }[];
    }>,
    leadCounts(db),
  ]);
  const total = Number(countResult.rows[0]?.n ?? 0);
  const pageCount = pageCountOf(total, LEADS_PAGE_SIZE);
  const page = Math.min(query.page, pageCount);
  const pageKeys = await selectLeadKeys(
    db,
    sql`select kind, id, created_at::text as cursor from (${keys}) as leads
      order by created_at desc, kind desc, id desc
      limit ${LEADS_PAGE_SIZE} offset ${(page - 1) * LEADS_PAGE_SIZE}`,
  );
  const details = await leadsByKeys(db, pageKeys);
  const rows: LeadSummary[] = details.map(
    ({ kind, id, name, email, status, createdAt, preview }) => ({
      kind,
      id,
      name,
      email,
      status,
      createdAt,
      preview,
    }),
  );
  return { rows, total, page, pageCount, pageSize: LEADS_PAGE_SIZE, counts };
}

export async function getLead(db: Db, kind: LeadKind, id: number): Promise<LeadDetail | null> {
  const [lead] = await leadsByKeys(db, [{ kind, id }]);
  return lead ?? null;
}

/** Sets a lead's status; null when there is no such lead. */
export async function setLeadStatus(
  db: Db,
  kind: LeadKind,
  id: number,
  status: LeadStatus,
): Promise<{ lead: LeadDetail; previous: LeadStatus } | null> {
  const table = kind === "consultation" ? webConsultationRequests : webContactMessages;
  // The old status comes from the same statement: a subquery sees the row before the update.
  const [row] = await db
    .update(table)
    .set({ status })
    .where(eq(table.id, id))
    .returning({
      previous: sql<LeadStatus>`(select prev.status from ${table} as prev where prev.id = ${sql.identifier(getTableName(table))}.id)`,
    });
  if (!row) return null;
  const lead = await getLead(db, kind, id);
  return lead ? { lead, previous: row.previous } : null;
}

/** Batches of the leads that match, newest first, read by position (created_at, kind, id). */
export async function* leadBatches(
  db: Db,
  filter: LeadFilter,
  batchSize = 500,
): AsyncGenerator<LeadDetail[]> {
  const keys = leadKeysQuery(filter);
  let after: LeadKey | null = null;
  for (;;) {
    const position: SQL = after
      ? sql`where (created_at, kind, id) < (${after.cursor}::timestamptz, ${after.kind}, ${after.id})`
      : sql``;
    const batchKeys = await selectLeadKeys(
      db,
      sql`select kind, id, created_at::text as cursor from (${keys}) as leads ${position}
        order by created_at desc, kind desc, id desc limit ${batchSize}`,
    );
    if (batchKeys.length === 0) return;
    yield await leadsByKeys(db, batchKeys);
    if (batchKeys.length < batchSize) return;
    after = batchKeys.at(-1) as LeadKey;
  }
}

export const LEAD_CSV_COLUMNS = [
  "Type",
  "ID",
  "Received At",
  "Status",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Service Type",
  "Preferred Time",
  "Message",
  "Consent",
];

export function leadCsvCells(lead: LeadDetail): unknown[] {
  return [
    lead.kind === "consultation" ? "Consultation" : "Contact message",
    lead.id,
    lead.createdAt,
    lead.status,
    lead.name,
    lead.email,
    lead.phone,
    lead.company ?? "",
    lead.serviceType ?? "",
    lead.preferredTime ?? "",
    lead.message,
    lead.consent === undefined ? "" : lead.consent,
  ];
}

/** The download's file name: what it holds and today's date (UTC). */
export function csvFileName(prefix: string, now = new Date()) {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The answer of a CSV export, written as it is read. Its first batch is read now: a database that
 * fails is logged and answered 500 with `failure` (an error page instead of a cut-off file).
 */
export async function csvDownload<T>(options: {
  filePrefix: string;
  header: string[];
  load: () => AsyncGenerator<T[]>;
  toCells: (row: T) => unknown[];
  logMessage: string;
  failure: string;
}): Promise<Response> {
  let batches: AsyncGenerator<T[]>;
  try {
    batches = await primeBatches(options.load());
  } catch (error) {
    logger.error({ err: error }, options.logMessage);
    throw new Response(options.failure, { status: 500 });
  }
  const body = csvStream(options.header, batches, options.toCells);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(options.filePrefix)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
