import { Resolver } from "node:dns/promises";
import type { Db } from "~/db/client.server";
import { type Env, getEnv } from "~/env.server";
import { SENDGRID } from "~/integrations/sendgrid.server";
import { configText, readIntegration } from "~/integrations/stored-config.server";
import { defaultMailFrom } from "~/mail/mail-from";
import { DKIM_SELECTOR_PATTERN } from "~/schemas/admin/sender-check";

/**
 * The sender check of the newsletter settings: whether the From address's domain publishes the
 * records Gmail and Yahoo require of bulk senders since 2024 — SPF, DKIM for the provider's
 * selector, and DMARC — and for each, one sentence of what to fix. Looked up from the server
 * through an injectable resolver (tests never touch the real DNS), cached per domain for ten
 * minutes; a failed or slow lookup says so instead of calling the record missing.
 */

/** What the checks ask of DNS; node:dns/promises' Resolver is one. */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
}

export type RecordStatus = "ok" | "warn" | "missing" | "lookup-failed";

export interface RecordCheck {
  kind: "spf" | "dkim" | "dmarc";
  status: RecordStatus;
  /** The names looked up. */
  names: string[];
  /** The records found (a CNAME as "CNAME target"), as published. */
  records: string[];
  /** One sentence: what is fine, or what to fix. */
  message: string;
}

export interface SenderCheckResult {
  /** The From domain checked; null when no address to check could be found. */
  domain: string | null;
  /** The From address it came from. */
  from: string;
  /** Who sends: SendGrid while it is on, else SMTP (or the mail folder). */
  provider: "sendgrid" | "smtp";
  selectors: string[];
  checks: RecordCheck[];
  /** Why the three must be about this domain (DMARC alignment). */
  alignment: string;
  checkedAt: string;
}

/** The settings key of the DKIM selector staff enter for their SMTP provider. */
export const DKIM_SELECTOR_SETTING = "newsletter_dkim_selector";
export const DEFAULT_DKIM_SELECTOR = "default";
/** SendGrid's two selectors, which its domain authentication publishes as CNAMEs. */
export const SENDGRID_SELECTORS = ["s1", "s2"];

const LOOKUP_TIMEOUT_MS = 2_000;
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 100;

const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The domain of an address such as "Name <news@example.com>" or "news@example.com". */
export function domainOfAddress(address: string): string | null {
  const bare = /<([^>]*)>/.exec(address)?.[1] ?? address;
  const at = bare.lastIndexOf("@");
  if (at < 0) return null;
  const domain = bare
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return DOMAIN.test(domain) ? domain : null;
}

/** A selector as staff may enter it; the default when it is empty or not one. */
export function dkimSelectorFrom(settings: Map<string, string>): string {
  const value = settings.get(DKIM_SELECTOR_SETTING)?.trim().toLowerCase() ?? "";
  return DKIM_SELECTOR_PATTERN.test(value) ? value : DEFAULT_DKIM_SELECTOR;
}

type Lookup<T> = { kind: "found"; value: T } | { kind: "none" } | { kind: "failed" };

/** The codes of an answer that says "no such record" (as opposed to "could not ask"). */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

async function lookup<T>(ask: () => Promise<T>, timeoutMs: number): Promise<Lookup<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Lookup<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "failed" }), timeoutMs);
  });
  try {
    return await Promise.race([
      ask().then(
        (value): Lookup<T> => ({ kind: "found", value }),
        (error: unknown): Lookup<T> => {
          const code = (error as { code?: unknown } | null)?.code;
          return typeof code === "string" && NO_RECORD.has(code)
            ? { kind: "none" }
            : { kind: "failed" };
        },
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** TXT records as their text: DNS splits long ones into strings of 255 that belong together. */
function txtTexts(records: string[][]) {
  return records.map((chunks) => chunks.join(""));
}

function startsWithTag(record: string, tag: string) {
  return new RegExp(`^${tag}(?:\\s|;|$)`, "i").test(record.trim());
}

const COULD_NOT_LOOK_UP = (name: string) =>
  `Could not look up ${name} (the DNS did not answer in time); check again in a moment.`;

async function checkSpf(
  resolver: DnsResolver,
  domain: string,
  sendgrid: boolean,
  timeoutMs: number,
): Promise<RecordCheck> {
  const base = { kind: "spf" as const, names: [domain] };
  const answer = await lookup(() => resolver.resolveTxt(domain), timeoutMs);
  if (answer.kind === "failed") {
    return { ...base, status: "lookup-failed", records: [], message: COULD_NOT_LOOK_UP(domain) };
  }
  const records = answer.kind === "found" ? txtTexts(answer.value) : [];
  const spf = records.filter((record) => startsWithTag(record, "v=spf1"));
  const provider = sendgrid ? "include:sendgrid.net" : "your mail provider's include";
  const [record] = spf;
  if (record === undefined) {
    return {
      ...base,
      status: "missing",
      records: [],
      message: `Publish one TXT record on ${domain} starting with v=spf1 that names your senders (${provider}) and ends in ~all or -all.`,
    };
  }
  if (spf.length > 1) {
    return {
      ...base,
      status: "warn",
      records: spf,
      message: `Merge the ${spf.length} v=spf1 records into one: receivers treat several as an error and SPF fails.`,
    };
  }
  const terms = record.trim().split(/\s+/);
  const last = terms[terms.length - 1]?.toLowerCase();
  if (last === "+all" || last === "all") {
    return {
      ...base,
      status: "warn",
      records: spf,
      message: "End the record in ~all or -all instead: +all lets anyone send mail as this domain.",
    };
  }
  const includesSendgrid = terms.some((term) => /^\+?include:sendgrid\.net$/i.test(term));
  if (sendgrid && !includesSendgrid) {
    return {
      ...base,
      status: "warn",
      records: spf,
      message:
        "The record does not include sendgrid.net: add include:sendgrid.net (or authenticate the domain in SendGrid) so SendGrid may send for it.",
    };
  }
  return {
    ...base,
    status: "ok",
    records: spf,
    message: sendgrid
      ? "One SPF record, and it includes sendgrid.net."
      : "One SPF record; make sure it names the server that sends your mail.",
  };
}

interface SelectorResult {
  name: string;
  status: RecordStatus;
  records: string[];
}

async function checkSelector(
  resolver: DnsResolver,
  name: string,
  timeoutMs: number,
): Promise<SelectorResult> {
  const [cname, txt] = await Promise.all([
    lookup(() => resolver.resolveCname(name), timeoutMs),
    lookup(() => resolver.resolveTxt(name), timeoutMs),
  ]);
  const records: string[] = [];
  if (cname.kind === "found") records.push(...cname.value.map((target) => `CNAME ${target}`));
  const keys = txt.kind === "found" ? txtTexts(txt.value) : [];
  const dkim = keys.filter((key) => startsWithTag(key, "v=DKIM1") || /(?:^|;)\s*p=/i.test(key));
  records.push(...dkim);
  const published = dkim.some((key) => /(?:^|;)\s*p=[^;\s]/i.test(key));
  if (published) return { name, status: "ok", records };
  // A revoked key (empty p=), or a CNAME (SendGrid's way) to a name that publishes none.
  if (dkim.length > 0 || cname.kind === "found") return { name, status: "warn", records };
  if (cname.kind === "failed" || txt.kind === "failed") {
    return { name, status: "lookup-failed", records };
  }
  return { name, status: "missing", records };
}

async function checkDkim(
  resolver: DnsResolver,
  domain: string,
  selectors: string[],
  sendgrid: boolean,
  timeoutMs: number,
): Promise<RecordCheck> {
  const names = selectors.map((selector) => `${selector}._domainkey.${domain}`);
  const results = await Promise.all(names.map((name) => checkSelector(resolver, name, timeoutMs)));
  const records = results.flatMap((result) => result.records.map((r) => `${result.name}: ${r}`));
  const base = { kind: "dkim" as const, names, records };
  const failed = results.filter((result) => result.status === "lookup-failed");
  if (failed.length > 0) {
    return {
      ...base,
      status: "lookup-failed",
      message: COULD_NOT_LOOK_UP(failed.map((result) => result.name).join(" and ")),
    };
  }
  if (results.every((result) => result.status === "ok")) {
    return {
      ...base,
      status: "ok",
      message: `A DKIM key is published at ${names.join(" and ")}.`,
    };
  }
  const lacking = results.filter((result) => result.status !== "ok").map((result) => result.name);
  const revoked = results.some((result) => result.status === "warn");
  const fix = sendgrid
    ? "In SendGrid, authenticate this domain (Settings, Sender Authentication) and publish the CNAME records it gives for s1._domainkey and s2._domainkey."
    : `Publish the DKIM key your mail provider gives you as a TXT or CNAME record at ${lacking.join(" and ")}, or enter the selector your provider signs with.`;
  return {
    ...base,
    status: results.every((result) => result.status === "missing") ? "missing" : "warn",
    message: revoked
      ? `${lacking.join(" and ")} publishes no usable key (an empty p= means revoked). ${fix}`
      : fix,
  };
}

async function checkDmarc(
  resolver: DnsResolver,
  domain: string,
  timeoutMs: number,
): Promise<RecordCheck> {
  const name = `_dmarc.${domain}`;
  const base = { kind: "dmarc" as const, names: [name] };
  const answer = await lookup(() => resolver.resolveTxt(name), timeoutMs);
  if (answer.kind === "failed") {
    return { ...base, status: "lookup-failed", records: [], message: COULD_NOT_LOOK_UP(name) };
  }
  const records = (answer.kind === "found" ? txtTexts(answer.value) : []).filter((record) =>
    startsWithTag(record, "v=DMARC1"),
  );
  const [record] = records;
  if (record === undefined) {
    return {
      ...base,
      status: "missing",
      records: [],
      message: `Publish a TXT record at ${name}, for example v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}, once SPF or DKIM passes for ${domain}.`,
    };
  }
  if (records.length > 1) {
    return {
      ...base,
      status: "warn",
      records,
      message: `Keep one v=DMARC1 record at ${name}: with ${records.length}, receivers ignore them all.`,
    };
  }
  const policy = /(?:^|;)\s*p\s*=\s*([a-z]+)/i.exec(record)?.[1]?.toLowerCase();
  if (policy !== "quarantine" && policy !== "reject") {
    return {
      ...base,
      status: "warn",
      records,
      message:
        policy === "none"
          ? "p=none only reports: once SPF and DKIM pass for this domain, raise it to p=quarantine or p=reject."
          : "The record has no valid p= policy: set p=quarantine or p=reject.",
    };
  }
  return {
    ...base,
    status: "ok",
    records,
    message: `DMARC asks receivers to ${policy} mail that fails.`,
  };
}

export interface SenderSource {
  from: string;
  provider: "sendgrid" | "smtp";
  selectors: string[];
}

/**
 * The From address the site's mail leaves with: SendGrid's from address while SendGrid is on
 * (with a key and an address, as it sends then), else MAIL_FROM or its default; and the DKIM
 * selectors to look for.
 */
export async function senderSource(
  db: Db,
  env: Pick<Env, "MAIL_FROM" | "SITE_URL">,
  settings: Map<string, string>,
): Promise<SenderSource> {
  const sendgrid = await readIntegration(db, SENDGRID, (enabled, config) => ({
    on: enabled && configText(config, "apiKey") !== "" && configText(config, "fromEmail") !== "",
    from: configText(config, "fromEmail"),
  }));
  if (sendgrid?.on) {
    return { from: sendgrid.from, provider: "sendgrid", selectors: SENDGRID_SELECTORS };
  }
  return {
    from: env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL),
    provider: "smtp",
    selectors: [dkimSelectorFrom(settings)],
  };
}

function alignmentNote(domain: string, provider: SenderSource["provider"]) {
  return provider === "sendgrid"
    ? `DMARC passes only when SPF or DKIM authenticates ${domain} itself (the From domain), not sendgrid.net: authenticate ${domain} in SendGrid so it signs as ${domain}.`
    : `DMARC passes only when SPF or DKIM authenticates ${domain} itself (the From domain): your SMTP provider must sign as ${domain} and send from a return path under it.`;
}

/** Looks the three records up for `source`, all at once. */
export async function checkSenderDomain(
  resolver: DnsResolver,
  source: SenderSource,
  options: { timeoutMs?: number; now?: Date } = {},
): Promise<SenderCheckResult> {
  const timeoutMs = options.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  const domain = domainOfAddress(source.from);
  const checkedAt = (options.now ?? new Date()).toISOString();
  if (!domain) {
    return {
      domain: null,
      from: source.from,
      provider: source.provider,
      selectors: source.selectors,
      checks: [],
      alignment: `"${source.from}" has no domain to check: set ${source.provider === "sendgrid" ? "SendGrid's from address" : "MAIL_FROM"} to an address such as news@your-domain.com.`,
      checkedAt,
    };
  }
  const sendgrid = source.provider === "sendgrid";
  const checks = await Promise.all([
    checkSpf(resolver, domain, sendgrid, timeoutMs),
    checkDkim(resolver, domain, source.selectors, sendgrid, timeoutMs),
    checkDmarc(resolver, domain, timeoutMs),
  ]);
  return {
    domain,
    from: source.from,
    provider: source.provider,
    selectors: source.selectors,
    checks,
    alignment: alignmentNote(domain, source.provider),
    checkedAt,
  };
}

/** Caches results per domain, provider and selectors; `fresh` looks up again. */
export function createSenderChecker(options: {
  resolver: () => DnsResolver;
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
}) {
  const cache = new Map<string, { at: number; result: Promise<SenderCheckResult> }>();
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? CACHE_MS;
  return {
    check(source: SenderSource, { fresh = false }: { fresh?: boolean } = {}) {
      const key = [
        domainOfAddress(source.from) ?? source.from,
        source.provider,
        ...source.selectors,
      ].join("|");
      const kept = cache.get(key);
      if (!fresh && kept && now() - kept.at < cacheMs) return kept.result;
      const result = checkSenderDomain(options.resolver(), source, {
        timeoutMs: options.timeoutMs,
        now: new Date(now()),
      });
      cache.delete(key);
      if (cache.size >= CACHE_ENTRIES) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(key, { at: now(), result });
      // A result that could not be had is not worth keeping: the next look tries again.
      result.catch(() => cache.delete(key));
      return result;
    },
  };
}

/** node:dns, asking `servers` ("ip[:port]", comma-separated) when given, else the system's. */
export function dnsResolver(servers?: string): DnsResolver {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (servers) resolver.setServers(servers.split(",").map((server) => server.trim()));
  return resolver;
}

/** The server's resolver: DNS_SERVERS when set (tests: a closed port), else the system's. */
function systemResolver(): DnsResolver {
  return dnsResolver(getEnv().DNS_SERVERS);
}

let resolverInUse: DnsResolver | undefined;

/** Replaces the resolver of the server's sender check (tests give a fake; undefined: the system's). */
export function setSenderCheckResolver(resolver: DnsResolver | undefined) {
  resolverInUse = resolver;
  senderChecker = createSenderChecker({ resolver: () => resolverInUse ?? systemResolver() });
}

let senderChecker = createSenderChecker({ resolver: () => resolverInUse ?? systemResolver() });

/** The server's sender check: the site's From domain, from the cache unless `fresh`. */
export async function checkSiteSender(
  db: Db,
  env: Pick<Env, "MAIL_FROM" | "SITE_URL">,
  settings: Map<string, string>,
  options: { fresh?: boolean } = {},
): Promise<SenderCheckResult> {
  return senderChecker.check(await senderSource(db, env, settings), options);
}
