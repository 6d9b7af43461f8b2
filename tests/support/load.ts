import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import type { Account } from "./admin";
import { newSubmissionKey, solveBotCheck } from "./forms";
import { runAdminCommand } from "./server";

/**
 * Visitor form submissions sent in bulk, and the check that the database holds exactly what was
 * acknowledged. Used by the load and fault tests in tests/stress/.
 */

export type FormKind = "newsletter" | "consultation" | "contact";

export const FORM_PATHS: Record<FormKind, string> = {
  newsletter: "/api/newsletter-subscribe",
  consultation: "/api/schedule-consultation",
  contact: "/api/contact",
};

/** What the server said; status 0 when no answer came (connection refused or cut). */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  error?: string;
  ms: number;
}

export interface Submission {
  form: FormKind;
  body: Record<string, unknown>;
  /** The visitor's address (X-Forwarded-For): each form allows 10 per address in 10 minutes. */
  address: string;
  /** What identifies the stored record: the newsletter address, else the submission key. */
  record: string;
  answers: Answer[];
}

let addresses = 0;
/** A new visitor address in 198.18.0.0/15 (reserved for benchmarks), unique in this process. */
export function nextVisitorAddress() {
  addresses += 1;
  return `198.${18 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

const SERVICE_TYPES = ["Chatbot Development", "Process Automation", "Web Development", ""];
const PREFERRED_TIMES = ["Morning (9AM - 12PM)", "Flexible", ""];
// Text a careless insert would mangle: quotes, non-ASCII, newlines, markup, emoji.
const PHRASES = [
  "We would like to automate our support inbox.",
  'Quote: "can the chatbot hand over to a person?"',
  "Budget is roughly €20k; timeline Q3 — Zoë's team.",
  "Line one\nLine two with an emoji 🚀.",
  "Please call after 5 pm <not before> & thanks.",
];

/** Makes submissions whose content is unique to this run (`label`) and to each call. */
export function submissionFactory(label: string) {
  let n = 0;
  const text = (i: number) => `${label} #${i}. ${PHRASES[i % PHRASES.length]}`;
  return {
    newsletter(address = nextVisitorAddress()): Submission {
      n += 1;
      const email = `${label}-reader-${n}@example.org`;
      return { form: "newsletter", body: { email }, address, record: email, answers: [] };
    },
    consultation(address = nextVisitorAddress()): Submission {
      n += 1;
      const submissionKey = newSubmissionKey();
      return {
        form: "consultation",
        body: {
          name: `Consultation ${n}`,
          email: `${label}-lead-${n}@example.com`,
          phone: n % 3 === 0 ? "" : `+1 555 01${String(n % 100).padStart(2, "0")}`,
          company: n % 2 === 0 ? `Company ${n} GmbH & Co.` : "",
          serviceType: SERVICE_TYPES[n % SERVICE_TYPES.length],
          preferredTime: PREFERRED_TIMES[n % PREFERRED_TIMES.length],
          message: text(n),
          submissionKey,
        },
        address,
        record: submissionKey,
        answers: [],
      };
    },
    contact(botCheck: string, address = nextVisitorAddress()): Submission {
      n += 1;
      const submissionKey = newSubmissionKey();
      const email = `${label}-contact-${n}@example.com`;
      return {
        form: "contact",
        body: {
          firstName: `Contact ${n}`,
          lastName: "O'Brien-Müller",
          email,
          confirmEmail: email,
          phone: n % 2 === 0 ? "" : "+44 20 7946 0018",
          comments: text(n),
          consent: true,
          botCheck,
          submissionKey,
        },
        address,
        record: submissionKey,
        answers: [],
      };
    },
  };
}

/** A resend of the same submission (same key or address) from the same visitor. */
export function resend(original: Submission): Submission {
  return { ...original, body: { ...original.body }, answers: [] };
}

/** Sends one submission and records the answer on it. */
export async function send(baseURL: string, submission: Submission): Promise<Answer> {
  let answer: Answer;
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    const response = await fetch(`${baseURL}${FORM_PATHS[submission.form]}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": submission.address },
      body: JSON.stringify(submission.body),
      // A server that stops answering must not hold the test until vitest's own timeout.
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = { raw: text.slice(0, 300) };
    }
    answer = { status: response.status, body, ms: ms() };
  } catch (error) {
    answer = { status: 0, body: null, error: String((error as Error).cause ?? error), ms: ms() };
  }
  submission.answers.push(answer);
  return answer;
}

/**
 * One unit of work: a submission alone; `twins`, two copies sent at the same moment (a double
 * click, or two tabs); `retry`, a copy sent again once the first one has its answer (a retry
 * after an answer that seemed lost).
 */
export type Unit =
  | { kind: "single"; submission: Submission }
  | { kind: "twins"; submissions: [Submission, Submission] }
  | { kind: "retry"; submissions: [Submission, Submission] };

export function unitSubmissions(unit: Unit): Submission[] {
  return unit.kind === "single" ? [unit.submission] : unit.submissions;
}

/** Small seeded generator, so every run sends its mix in the same order. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(list: T[], random = seededRandom(7)): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * Sends the units with `concurrency` workers; `shouldStop` is asked before each unit (the
 * fault tests stop sending once the server is gone). Resolves with the units that were sent.
 */
export async function sendUnits(
  baseURL: string | (() => string),
  units: Unit[],
  options: { concurrency: number; shouldStop?: () => boolean },
): Promise<Unit[]> {
  const url = typeof baseURL === "function" ? baseURL : () => baseURL;
  const sent: Unit[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < units.length && !options.shouldStop?.()) {
        const unit = units[next++] as Unit;
        sent.push(unit);
        if (unit.kind === "single") await send(url(), unit.submission);
        else if (unit.kind === "twins")
          await Promise.all(unit.submissions.map((s) => send(url(), s)));
        else {
          await send(url(), unit.submissions[0]);
          await send(url(), unit.submissions[1]);
        }
      }
    }),
  );
  return sent;
}

/** Solved ALTCHA tokens, one per contact submission: about 0.3 s of CPU each, so few. */
export async function solveBotChecks(baseURL: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await solveBotCheck(baseURL));
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// The database, read after the server has stopped
// ---------------------------------------------------------------------------------------------

export interface StoredRows {
  newsletter: { email: string; status: string }[];
  consultation: Record<string, unknown>[];
  contact: Record<string, unknown>[];
  settings: Map<string, string>;
  posts: { slug: string; title: string; content: string }[];
}

/**
 * Reads what the forms and the admin stored. PGlite: opens the data directory with the app's
 * own openDatabase (only possible once the server has released it); PostgreSQL: directly.
 */
export async function readStoredRows(target: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<StoredRows> {
  const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const rows = async <T>(query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  try {
    return {
      newsletter: await rows("select email, status from web_newsletter_subscriptions order by id"),
      consultation: await rows(
        "select submission_key, name, email, phone, company, service_type, preferred_time, message, status from web_consultation_requests order by id",
      ),
      contact: await rows(
        "select submission_key, first_name, last_name, email, phone, comments, consent, status from web_contact_messages order by id",
      ),
      settings: new Map(
        (await rows<{ key: string; value: string }>("select key, value from web_settings")).map(
          (row) => [row.key, row.value],
        ),
      ),
      posts: await rows("select slug, title, content from web_posts order by id"),
    };
  } finally {
    await database.close();
  }
}

function storedContent(form: FormKind, body: Record<string, unknown>) {
  if (form === "consultation") {
    return {
      submission_key: `consultation:${body.submissionKey}`,
      name: body.name,
      email: body.email,
      phone: body.phone,
      company: body.company,
      service_type: body.serviceType,
      preferred_time: body.preferredTime,
      message: body.message,
      status: "new",
    };
  }
  return {
    submission_key: `contact:${body.submissionKey}`,
    first_name: body.firstName,
    last_name: body.lastName,
    email: body.email,
    phone: body.phone,
    comments: body.comments,
    consent: true,
    status: "new",
  };
}

/**
 * Compares the answers with the rows and lists every discrepancy (empty when all is well):
 * - every record a 2xx acknowledged is stored, exactly once, with exactly the content sent;
 * - no record is stored twice, and nothing is stored that was never sent;
 * - a record that no answer acknowledged is stored only if a request for it went unanswered
 *   (the server was killed while it was in flight), and then once.
 * A newsletter 409 counts as "stored before": its address must be there.
 */
export function discrepancies(submissions: Submission[], rows: StoredRows): string[] {
  const problems: string[] = [];
  for (const form of ["newsletter", "consultation", "contact"] as const) {
    const sent = submissions.filter((s) => s.form === form);
    const stored =
      form === "newsletter"
        ? rows.newsletter.map((row) => ({ key: row.email, row: row as Record<string, unknown> }))
        : rows[form].map((row) => ({ key: String(row.submission_key), row }));
    const storedCount = new Map<string, number>();
    for (const { key } of stored) storedCount.set(key, (storedCount.get(key) ?? 0) + 1);
    const storedRow = new Map(stored.map(({ key, row }) => [key, row]));
    const keyOf = (s: Submission) => (form === "newsletter" ? s.record : `${form}:${s.record}`);

    for (const [key, count] of storedCount) {
      if (count > 1) problems.push(`${form}: ${key} is stored ${count} times`);
    }
    const sentKeys = new Set(sent.map(keyOf));
    const acknowledged = new Set(
      sent.filter((s) => s.answers.some((a) => a.status === 200)).map(keyOf),
    );
    const unanswered = new Set(
      sent.filter((s) => s.answers.some((a) => a.status === 0)).map(keyOf),
    );
    for (const s of sent) {
      const key = keyOf(s);
      for (const answer of s.answers) {
        if (answer.status === 200 || answer.status === 0) continue;
        if (form === "newsletter" && answer.status === 409) {
          if (!storedCount.has(key))
            problems.push(`${form}: ${key} answered 409 but is not stored`);
          continue;
        }
        problems.push(`${form}: ${key} answered ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    for (const key of acknowledged) {
      if (!storedCount.has(key)) problems.push(`${form}: acknowledged ${key} is not stored`);
    }
    for (const key of storedCount.keys()) {
      if (!sentKeys.has(key)) {
        // Only this run's records are compared; other rows (none in a fresh database) are not ours.
        continue;
      }
      if (!acknowledged.has(key) && !unanswered.has(key)) {
        problems.push(`${form}: ${key} is stored but was never acknowledged`);
      }
    }
    for (const s of sent) {
      const key = keyOf(s);
      const row = storedRow.get(key);
      if (!row) continue;
      const expected =
        form === "newsletter"
          ? // Double opt-in is on by default: a new address waits for its confirmation.
            { email: s.body.email, status: "pending" }
          : storedContent(form, s.body);
      const actual = Object.fromEntries(Object.keys(expected).map((k) => [k, row[k]]));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(
          `${form}: ${key} stored as ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`,
        );
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

/**
 * A verified admin made with `npm run admin -- create`: through the running server on PGlite,
 * straight into the database on PostgreSQL (`env` carries its DATABASE_URL).
 */
export async function createAdminAccount(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Account> {
  const account = { email: `admin-${runLabel("")}@example.com`, password: "admin password 1" };
  const result = await runAdminCommand(dataDir, ["create", "--email", account.email], {
    ...env,
    ADMIN_PASSWORD: account.password,
  });
  if (result.code !== 0) throw new Error(`admin create failed: ${result.stderr}${result.stdout}`);
  return account;
}

/** The p-th percentile (0-100) of answer times in ms. */
export function percentileMs(answers: Answer[], p: number) {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0,
  );
}

/** Signs in through the auth API (no browser) and returns the session's Cookie header. */
export async function signInCookie(baseURL: string, account: Account): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseURL,
      "X-Forwarded-For": nextVisitorAddress(),
    },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

/** TEST_DATABASE_URL, when the run has a PostgreSQL server (CI does). */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

/** A fresh database on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function createPostgresDatabase(label: string) {
  if (!postgresAdminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `stress_${label}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: postgresAdminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Random 2-character label, to tell runs apart in names and contents. */
export function runLabel(prefix: string) {
  return `${prefix}${randomBytes(3).toString("hex")}`;
}
