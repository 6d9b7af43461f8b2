import { describe, expect, it } from "vitest";
import { startFakeDns } from "../../tests/support/fake-dns";
import {
  checkSenderDomain,
  createSenderChecker,
  type DnsResolver,
  dkimSelectorFrom,
  dnsResolver,
  domainOfAddress,
  type RecordCheck,
  type SenderSource,
} from "./sender-check.server";

type Zone = Record<string, { txt?: string[][]; cname?: string[]; fail?: string; hang?: boolean }>;

/** A DNS of a few names; others do not exist (ENOTFOUND), like the real one says. */
function fakeResolver(zone: Zone, asked: string[] = []): DnsResolver {
  const answer = <T>(name: string, pick: (entry: Zone[string]) => T | undefined) => {
    asked.push(name);
    const entry = zone[name];
    if (entry?.hang) return new Promise<T>(() => {});
    if (entry?.fail)
      return Promise.reject(Object.assign(new Error(entry.fail), { code: entry.fail }));
    const value = entry ? pick(entry) : undefined;
    if (value === undefined) {
      const code = entry ? "ENODATA" : "ENOTFOUND";
      return Promise.reject(Object.assign(new Error(code), { code }));
    }
    return Promise.resolve(value);
  };
  return {
    resolveTxt: (name) => answer(name, (entry) => entry.txt),
    resolveCname: (name) => answer(name, (entry) => entry.cname),
  };
}

const SMTP: SenderSource = {
  from: "News <news@example.org>",
  provider: "smtp",
  selectors: ["default"],
};
const SENDGRID: SenderSource = {
  from: "news@example.org",
  provider: "sendgrid",
  selectors: ["s1", "s2"],
};

const KEY = "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC";

async function checks(zone: Zone, source = SMTP) {
  const result = await checkSenderDomain(fakeResolver(zone), source, { timeoutMs: 50 });
  const byKind = Object.fromEntries(result.checks.map((c) => [c.kind, c])) as Record<
    RecordCheck["kind"],
    RecordCheck
  >;
  return { result, ...byKind };
}

const healthy: Zone = {
  "example.org": {
    txt: [["v=spf1 include:_spf.mailhost.example -all"], ["google-site-verification=x"]],
  },
  "default._domainkey.example.org": { txt: [[KEY.slice(0, 30), KEY.slice(30)]] },
  "_dmarc.example.org": { txt: [["v=DMARC1; p=reject; rua=mailto:d@example.org"]] },
};

describe("the sender check", () => {
  it("finds the From domain of an address, and a selector staff entered", () => {
    expect(domainOfAddress("AI Solutions <no-reply@Mail.Example.COM>")).toBe("mail.example.com");
    expect(domainOfAddress("news@example.org.")).toBe("example.org");
    for (const bad of ["no address", "a@", "a@localhost", "a@exa mple.org"]) {
      expect(domainOfAddress(bad)).toBeNull();
    }
    expect(dkimSelectorFrom(new Map([["newsletter_dkim_selector", " Mail2024 "]]))).toBe(
      "mail2024",
    );
    expect(dkimSelectorFrom(new Map())).toBe("default");
    expect(dkimSelectorFrom(new Map([["newsletter_dkim_selector", "x._domainkey; rm"]]))).toBe(
      "default",
    );
  });

  it("passes a domain with one SPF record, a DKIM key at the selector and an enforcing DMARC", async () => {
    const { result, spf, dkim, dmarc } = await checks(healthy);
    expect(result.domain).toBe("example.org");
    expect(spf).toMatchObject({
      status: "ok",
      records: ["v=spf1 include:_spf.mailhost.example -all"],
    });
    // A key split into DNS strings is read whole.
    expect(dkim).toMatchObject({
      status: "ok",
      names: ["default._domainkey.example.org"],
      records: [`default._domainkey.example.org: ${KEY}`],
    });
    expect(dmarc).toMatchObject({ status: "ok", names: ["_dmarc.example.org"] });
    expect(result.alignment).toContain("example.org");
  });

  it("says what is missing, with what to publish", async () => {
    const { spf, dkim, dmarc } = await checks({ "example.org": { txt: [["some other text"]] } });
    expect(spf.status).toBe("missing");
    expect(spf.message).toMatch(/v=spf1/);
    expect(dkim.status).toBe("missing");
    expect(dkim.message).toContain("default._domainkey.example.org");
    expect(dmarc.status).toBe("missing");
    expect(dmarc.message).toContain("_dmarc.example.org");
  });

  it("warns of two SPF records, of +all, and of DMARC's p=none", async () => {
    const two = await checks({
      ...healthy,
      "example.org": { txt: [["v=spf1 a -all"], ["v=spf1 mx -all"]] },
      "_dmarc.example.org": { txt: [["v=DMARC1; p=none"]] },
    });
    expect(two.spf.status).toBe("warn");
    expect(two.spf.message).toMatch(/Merge the 2/);
    expect(two.dmarc.status).toBe("warn");
    expect(two.dmarc.message).toMatch(/p=none/);
    for (const ending of ["+all", "all"]) {
      const open = await checks({ ...healthy, "example.org": { txt: [[`v=spf1 mx ${ending}`]] } });
      expect(open.spf.status).toBe("warn");
      expect(open.spf.message).toMatch(/\+all/);
    }
    const soft = await checks({ ...healthy, "example.org": { txt: [["v=spf1 mx ~all"]] } });
    expect(soft.spf.status).toBe("ok");
  });

  it("with SendGrid: wants sendgrid.net in SPF and keys at s1 and s2 (CNAMEs to SendGrid)", async () => {
    const sendgridZone: Zone = {
      "example.org": { txt: [["v=spf1 include:sendgrid.net ~all"]] },
      "s1._domainkey.example.org": { cname: ["s1.domainkey.u123.wl.sendgrid.net"], txt: [[KEY]] },
      "s2._domainkey.example.org": { cname: ["s2.domainkey.u123.wl.sendgrid.net"], txt: [[KEY]] },
      "_dmarc.example.org": { txt: [["v=DMARC1; p=quarantine"]] },
    };
    const good = await checks(sendgridZone, SENDGRID);
    expect(good.spf).toMatchObject({ status: "ok" });
    expect(good.spf.message).toMatch(/includes sendgrid\.net/);
    expect(good.dkim.status).toBe("ok");
    expect(good.dkim.records).toContain(
      "s1._domainkey.example.org: CNAME s1.domainkey.u123.wl.sendgrid.net",
    );
    expect(good.result.alignment).toMatch(/authenticate example\.org in SendGrid/);

    const half = await checks(
      {
        ...sendgridZone,
        "example.org": { txt: [["v=spf1 mx ~all"]] },
        "s2._domainkey.example.org": undefined as never,
      },
      SENDGRID,
    );
    expect(half.spf.status).toBe("warn");
    expect(half.spf.message).toMatch(/include:sendgrid\.net/);
    expect(half.dkim.status).toBe("warn");
    expect(half.dkim.message).toMatch(/Sender Authentication/);
  });

  it("shows a failed or slow lookup as could not look up, never as missing", async () => {
    const { spf, dkim, dmarc } = await checks({
      "example.org": { fail: "ESERVFAIL" },
      "default._domainkey.example.org": { hang: true },
      "_dmarc.example.org": { fail: "ETIMEOUT" },
    });
    for (const check of [spf, dkim, dmarc]) {
      expect(check.status).toBe("lookup-failed");
      expect(check.message).toMatch(/^Could not look up/);
    }
  });

  it("has nothing to look up for a From address without a domain", async () => {
    const asked: string[] = [];
    const result = await checkSenderDomain(fakeResolver(healthy, asked), {
      ...SMTP,
      from: "nobody",
    });
    expect(result.domain).toBeNull();
    expect(result.checks).toEqual([]);
    expect(result.alignment).toMatch(/MAIL_FROM/);
    expect(asked).toEqual([]);
  });

  it("keeps a domain's result ten minutes; fresh looks up again", async () => {
    const asked: string[] = [];
    let clock = 0;
    const checker = createSenderChecker({
      resolver: () => fakeResolver(healthy, asked),
      now: () => clock,
    });
    await checker.check(SMTP);
    const perCheck = asked.length;
    expect(perCheck).toBeGreaterThan(0);
    clock += 9 * 60_000;
    await checker.check(SMTP);
    expect(asked.length).toBe(perCheck);
    await checker.check(SMTP, { fresh: true });
    expect(asked.length).toBe(2 * perCheck);
    clock += 10 * 60_000 + 1;
    await checker.check(SMTP);
    expect(asked.length).toBe(3 * perCheck);
    // Another selector is another question.
    await checker.check({ ...SMTP, selectors: ["mail"] });
    expect(asked).toContain("mail._domainkey.example.org");
  });
});

describe("the sender check through node:dns", () => {
  it("reads records, CNAMEs, missing names and failures as a real DNS server gives them", async () => {
    const dns = await startFakeDns({
      "example.org": { txt: ["v=spf1 include:sendgrid.net -all", "other=1"] },
      "s1._domainkey.example.org": { cname: "s1.domainkey.u1.wl.sendgrid.net" },
      "s1.domainkey.u1.wl.sendgrid.net": { txt: [`${KEY}${"A".repeat(300)}`] },
      "s2._domainkey.example.org": { txt: ["unrelated"] },
      "_dmarc.example.org": { fail: true },
    });
    try {
      const result = await checkSenderDomain(dnsResolver(dns.server), SENDGRID, {
        timeoutMs: 1_000,
      });
      const [spf, dkim, dmarc] = result.checks;
      expect(spf).toMatchObject({ status: "ok", records: ["v=spf1 include:sendgrid.net -all"] });
      // s1 is a CNAME whose target holds a key longer than one DNS string; s2 has none.
      expect(dkim?.status).toBe("warn");
      expect(dkim?.records).toEqual([
        "s1._domainkey.example.org: CNAME s1.domainkey.u1.wl.sendgrid.net",
        `s1._domainkey.example.org: ${KEY}${"A".repeat(300)}`,
      ]);
      expect(dmarc?.status).toBe("lookup-failed");
      expect(dns.asked).toContain("TXT _dmarc.example.org");

      const missing = await checkSenderDomain(
        dnsResolver(dns.server),
        { ...SMTP, from: "news@nowhere.example" },
        { timeoutMs: 1_000 },
      );
      expect(missing.checks.map((check) => check.status)).toEqual([
        "missing",
        "missing",
        "missing",
      ]);
    } finally {
      await dns.close();
    }
  });
});
