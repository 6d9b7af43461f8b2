import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueClientAddress } from "../support/browser";
import { uniqueEmail } from "../support/forms";
import {
  BACKEND_HEADER,
  type RoundRobinProxy,
  SERVED_BY_HEADER,
  startRoundRobinProxy,
} from "../support/round-robin-proxy";
import { freePort, type RunningServer, runAdminCommand, startServer } from "../support/server";
import { scaled } from "../support/stress-scale";

const DEFAULT_HERO_TITLE = "Artificial Intelligence and Creativity";
/** The cache lifetime is 5 s; showing an edit within 1 s on the other process needs the announcement. */
const ONE_SECOND = 1_000;
const POLL_MS = 100;

describe("the round-robin proxy", () => {
  let backends: http.Server[] = [];
  let proxy: RoundRobinProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(backends.map((server) => new Promise((done) => server.close(done))));
  });

  it("takes turns, obeys an aimed request and passes the client's address on", async () => {
    backends = [0, 1].map((n) =>
      http.createServer((request, response) => {
        response.end(JSON.stringify({ n, forwardedFor: request.headers["x-forwarded-for"] }));
      }),
    );
    const urls = await Promise.all(
      backends.map(
        (server) =>
          new Promise<string>((resolve) =>
            server.listen(0, "127.0.0.1", () =>
              resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`),
            ),
          ),
      ),
    );
    proxy = await startRoundRobinProxy({ backends: urls });
    const answers = [];
    const aimed: Record<string, string> = { [BACKEND_HEADER]: "0" };
    for (const headers of [{}, {}, {}, aimed, aimed]) {
      const response = await fetch(proxy.url, {
        headers: { ...headers, "X-Forwarded-For": "198.18.0.7" },
      });
      answers.push({
        servedBy: response.headers.get(SERVED_BY_HEADER),
        ...(await response.json()),
      });
    }
    expect(answers.map((a) => a.n)).toEqual([0, 1, 0, 0, 0]);
    expect(answers.map((a) => a.servedBy)).toEqual(["0", "1", "0", "0", "0"]);
    expect(new Set(answers.map((a) => a.forwardedFor))).toEqual(new Set(["198.18.0.7, 127.0.0.1"]));
  });
});

/** One of the two app processes, by the proxy's backend index. */
const A = 0;
const B = 1;

// Two processes need one PostgreSQL server: registered when TEST_DATABASE_URL names one, as CI's
// does (like the unit tests' PostgreSQL cases, see tests/support/test-database.ts `backends`).
const postgresServer = process.env.TEST_DATABASE_URL;
if (postgresServer) describeScaleOut(postgresServer);

function describeScaleOut(serverUrl: string) {
  describe("two app processes on one PostgreSQL", () => {
    const databaseName = `stress_scaleout_${randomBytes(5).toString("hex")}`;
    const databaseUrl = Object.assign(new URL(serverUrl), {
      pathname: `/${databaseName}`,
    }).toString();
    const dataDirs: string[] = [];
    const servers: RunningServer[] = [];
    let proxy: RoundRobinProxy;
    let env: NodeJS.ProcessEnv;
    const admin = { email: uniqueEmail("scale-out-admin"), password: "scale-out password 1" };

    async function adminQuery(text: string) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    }

    async function createAdminAccount(email: string, password: string) {
      const result = await runAdminCommand(dataDirs[A] as string, ["create", "--email", email], {
        ...env,
        ADMIN_PASSWORD: password,
      });
      if (result.code !== 0)
        throw new Error(`admin create failed: ${result.stderr}${result.stdout}`);
    }

    /** A request through the proxy, to the given process (or whichever is next). */
    async function send(
      pathname: string,
      options: {
        to?: number;
        method?: string;
        cookie?: string;
        clientAddress?: string;
        json?: unknown;
        form?: Record<string, string>;
      } = {},
    ) {
      const headers: Record<string, string> = { "X-Forwarded-For": options.clientAddress ?? "" };
      if (!options.clientAddress) delete headers["X-Forwarded-For"];
      if (options.to !== undefined) headers[BACKEND_HEADER] = String(options.to);
      if (options.cookie) headers.Cookie = options.cookie;
      let body: string | undefined;
      if (options.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(options.json);
      } else if (options.form) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = new URLSearchParams(options.form).toString();
      }
      const method = options.method ?? (body === undefined ? "GET" : "POST");
      if (method !== "GET") headers.Origin = proxy.url;
      const response = await fetch(`${proxy.url}${pathname}`, {
        method,
        headers,
        body,
        redirect: "manual",
      });
      return {
        status: response.status,
        servedBy: Number(response.headers.get(SERVED_BY_HEADER)),
        location: response.headers.get("location"),
        headers: response.headers,
        setCookies: response.headers.getSetCookie(),
        text: await response.text(),
      };
    }

    async function signIn(to: number, account: { email: string; password: string }) {
      const answer = await send("/api/auth/sign-in/email", {
        to,
        clientAddress: uniqueClientAddress(),
        json: account,
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
    }

    /**
     * Polls `shows` on process B every 100 ms and answers how long after `since` the first request
     * that showed the change was sent (its answer may take longer on a busy machine).
     */
    async function delayUntilShownOnB(since: number, shows: () => Promise<boolean>) {
      for (;;) {
        const sent = performance.now();
        if (await shows()) return sent - since;
        if (sent - since > 10_000) throw new Error("process B never showed the change");
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }

    beforeAll(async () => {
      await adminQuery(`create database ${databaseName}`);
      const ports = [await freePort(), await freePort()];
      proxy = await startRoundRobinProxy({
        backends: ports.map((port) => `http://127.0.0.1:${port}`),
      });
      env = {
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: "loopback",
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        SITE_URL: proxy.url,
        // Scheduled posts are looked for every 250 ms (5 s by default).
        JOBS_INTERVAL_MS: "250",
      };
      for (const name of ["a", "b"]) {
        dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `stress-scaleout-${name}-`)));
      }
      // Both start at once on the empty database: migrations and seeding must not trip each other.
      servers.push(
        ...(await Promise.all(
          ports.map((port, i) => startServer({ dataDir: dataDirs[i] as string, port, env })),
        )),
      );
      await createAdminAccount(admin.email, admin.password);
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await proxy?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
    });

    it("opens the dashboard on B with a session made on A, and ends it on A by signing out on B", async () => {
      const cookie = await signIn(A, admin);
      const onB = await send("/admin", { to: B, cookie });
      expect(onB.servedBy).toBe(B);
      expect(onB.status).toBe(200);
      expect(onB.text).toContain(admin.email);
      // The same request without the session goes to sign-in, so the 200 above is the session's.
      const visitor = await send("/admin", { to: B });
      expect([visitor.status, visitor.location?.split("?")[0]]).toEqual([302, "/auth"]);

      const signOut = await send("/api/auth/sign-out", { to: B, cookie, json: {} });
      expect(signOut.status, signOut.text).toBe(200);
      const onA = await send("/admin", { to: A, cookie });
      expect([onA.servedBy, onA.status, onA.location?.split("?")[0]]).toEqual([A, 302, "/auth"]);
    });

    it("shows a hero edit saved through A on B's home page within a second", async () => {
      const cookie = await signIn(A, admin);
      const title = `Scale-out ${randomBytes(4).toString("hex")}`;
      // B has the old hero in its content cache, and the whole page in its page cache (a
      // visitor's page: no cookie), both fresh for a while yet.
      const before = await send("/", { to: B });
      expect(before.text).toContain(DEFAULT_HERO_TITLE);
      expect(before.headers.get("cache-control")).toMatch(/^public\b.*s-maxage=60/);
      const again = await send("/", { to: B });
      expect(again.headers.get("etag")).toBe(before.headers.get("etag"));

      const saved = await send("/admin/content", {
        to: A,
        cookie,
        form: {
          intent: "saveHero",
          heroTitle: title,
          heroSubtitle: "Edited on one process, shown by the other.",
          heroCtaText: "Start",
        },
      });
      const acknowledged = performance.now();
      expect([saved.servedBy, saved.status]).toEqual([A, 200]);
      expect(saved.text).toContain("Hero Updated");

      const delay = await delayUntilShownOnB(acknowledged, async () =>
        (await send("/", { to: B })).text.includes(title),
      );
      console.info(`hero edit on A shown by B after ${Math.round(delay)} ms`);
      expect(delay).toBeLessThan(ONE_SECOND);
      expect((await send("/", { to: A })).text).toContain(title);
    });

    it("puts a chat widget enabled through A into B's widget list and page CSP within a second", async () => {
      const cookie = await signIn(A, admin);
      const chatOrigin = `https://chat-${randomBytes(3).toString("hex")}.example.com`;
      const configured = await send("/admin/integrations", {
        to: A,
        cookie,
        form: {
          intent: "save-config",
          integration: "chatwoot",
          websiteToken: "scale-out-token",
          baseUrl: chatOrigin,
        },
      });
      expect(configured.status, configured.text.slice(0, 300)).toBe(200);
      const widgetsOnB = async () => (await send("/api/integrations", { to: B })).text;
      const frameSrcOnB = async () =>
        (await send("/", { to: B })).headers
          .get("content-security-policy")
          ?.match(/frame-src ([^;]*)/)?.[1] ?? "";
      // Not enabled yet, and now in B's cache.
      expect(await widgetsOnB()).not.toContain(chatOrigin);
      expect(await frameSrcOnB()).not.toContain(chatOrigin);

      const enabled = await send("/admin/integrations", {
        to: A,
        cookie,
        form: { intent: "toggle", integration: "chatwoot", enabled: "true" },
      });
      const acknowledged = performance.now();
      expect(enabled.status, enabled.text.slice(0, 300)).toBe(200);

      const delay = await delayUntilShownOnB(acknowledged, async () =>
        (await widgetsOnB()).includes(chatOrigin),
      );
      console.info(`widget enabled on A listed by B after ${Math.round(delay)} ms`);
      expect(delay).toBeLessThan(ONE_SECOND);
      expect(await frameSrcOnB()).toContain(chatOrigin);
    });

    /** The statuses of `count` requests made by `request(i)`, and the first refused one (1-based). */
    async function firstRefusal(count: number, request: (i: number) => ReturnType<typeof send>) {
      const answers = [];
      for (let i = 0; i < count; i += 1) answers.push(await request(i));
      const refused = answers.findIndex((answer) => answer.status === 429);
      return { answers, refusedAt: refused === -1 ? null : refused + 1 };
    }

    it("trips the newsletter's per-address limit at the same count when requests alternate between A and B", async () => {
      const subscribe = (to: number, clientAddress: string) =>
        send("/api/newsletter-subscribe", {
          to,
          clientAddress,
          json: { email: uniqueEmail("scale-out") },
        });
      const oneAddress = uniqueClientAddress();
      const onOne = await firstRefusal(12, () => subscribe(A, oneAddress));
      const otherAddress = uniqueClientAddress();
      const alternating = await firstRefusal(12, (i) => subscribe(i % 2, otherAddress));

      // Documented: 10 submissions per client address in 10 minutes.
      expect(onOne.refusedAt).toBe(11);
      expect(alternating.refusedAt).toBe(onOne.refusedAt);
      expect(alternating.answers.map((a) => a.servedBy)).toEqual([
        0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
      ]);
      expect(alternating.answers.map((a) => a.status)).toEqual([...Array(10).fill(200), 429, 429]);
    });

    it("trips the sign-in per-account limit at the same count when attempts alternate between A and B", async () => {
      const victims = [0, 1].map((n) => ({
        email: uniqueEmail(`scale-out-victim-${n}`),
        password: "the right password 1",
      }));
      for (const victim of victims) await createAdminAccount(victim.email, victim.password);
      // Each attempt from a new address, so only the per-account limit can refuse.
      const wrongPassword = (to: number, email: string) =>
        send("/api/auth/sign-in/email", {
          to,
          clientAddress: uniqueClientAddress(),
          json: { email, password: "a wrong password" },
        });
      const [first, second] = victims as [(typeof victims)[0], (typeof victims)[0]];
      const onOne = await firstRefusal(12, () => wrongPassword(A, first.email));
      const alternating = await firstRefusal(12, (i) => wrongPassword(i % 2, second.email));

      expect(onOne.refusedAt).toBe(11);
      expect(alternating.refusedAt).toBe(onOne.refusedAt);
      expect(alternating.answers.map((a) => a.servedBy)).toEqual([
        0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
      ]);
      expect(alternating.answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 429]);
      // Refused even with the right password, on either process.
      const right = await send("/api/auth/sign-in/email", {
        to: B,
        clientAddress: uniqueClientAddress(),
        json: second,
      });
      expect(right.status).toBe(429);
    });

    it("publishes a post scheduled a few seconds ahead once, with no request, on both processes' blog and feed", async () => {
      const cookie = await signIn(A, admin);
      const title = `Scheduled ${randomBytes(4).toString("hex")}`;
      // Both processes have /blog in their page cache without the post.
      for (const to of [A, B]) expect((await send("/blog", { to })).text).not.toContain(title);
      const publishAt = new Date(Date.now() + 2_500);
      const scheduled = await send("/api/create-blog-post", {
        to: A,
        cookie,
        json: {
          title,
          content: "Goes public on its own.",
          published: true,
          published_at: publishAt,
        },
      });
      expect(scheduled.status, scheduled.text).toBe(201);
      const { id, status } = JSON.parse(scheduled.text);
      expect(status).toBe("scheduled");
      expect((await send("/blog", { to: B })).text).not.toContain(title);

      // No request to either process until well after the time: the jobs must act on their own.
      await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 1_500));
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const post = await client.query("select status from web_posts where id = $1", [id]);
        expect(post.rows[0]?.status).toBe("published");
        const claims = await client.query(
          "select (select count(*)::int from web_post_revisions where post_id = $1 and source = 'scheduler') as revisions, (select count(*)::int from audit_log where entity_id = $1::text and action = 'published') as audits",
          [id],
        );
        expect(claims.rows[0]).toEqual({ revisions: 1, audits: 1 });
      } finally {
        await client.end();
      }
      for (const to of [A, B]) {
        expect((await send("/blog", { to })).text).toContain(title);
        expect((await send("/blog/rss.xml", { to })).text).toContain(title);
      }
    });

    it("sends a campaign both processes start at once to each reader exactly once", async () => {
      // Readers and a campaign due in a second, the pace off: both processes' senders race for
      // the same rows. Without SMTP each process writes its mails to its own mail folder.
      const readers = scaled(1_000, 100);
      const tag = `scale-${randomBytes(3).toString("hex")}`;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      let campaignId: number;
      try {
        await client.query(
          `insert into web_newsletter_subscriptions (email, status, unsubscribe_token, confirmed_at, tags)
             select '${tag}-' || i || '@example.com', 'active', md5('${tag}' || i) || md5(i::text), now(), array['${tag}']
             from generate_series(1, ${readers}) i`,
        );
        await client.query(
          `insert into web_settings (key, value) values ('newsletter_rate_per_second', '0')
             on conflict (key) do update set value = excluded.value`,
        );
        const body = JSON.stringify([
          { id: "t1", type: "text", v: 1, markdown: "Hello, readers." },
        ]);
        const inserted = await client.query(
          `insert into web_newsletter_campaigns (subject, body, audience_tags, status, scheduled_at)
             values ($1, $2::jsonb, array['${tag}'], 'scheduled', now() + interval '1 second') returning id`,
          [`Both processes ${tag}`, body],
        );
        campaignId = inserted.rows[0].id;
        const deadline = Date.now() + 60_000;
        for (;;) {
          const { rows } = await client.query(
            "select status from web_newsletter_campaigns where id = $1",
            [campaignId],
          );
          if (rows[0]?.status === "sent") break;
          if (Date.now() > deadline) throw new Error(`the campaign is still ${rows[0]?.status}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await client.end();
      }
      const perAddress = new Map<string, number>();
      for (const dir of dataDirs) {
        const mailDir = path.join(dir, "mail");
        for (const file of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
          const text = fs.readFileSync(path.join(mailDir, file), "utf8");
          if (!text.includes(`Both processes ${tag}`)) continue;
          const to = /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? "";
          perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
        }
      }
      expect(perAddress.size).toBe(readers);
      expect([...perAddress.values()].filter((count) => count !== 1)).toEqual([]);
    });

    it("logged no error on either process", () => {
      for (const server of servers) {
        const errors = server
          .output()
          .split("\n")
          .filter((line) => /"level":(50|60)/.test(line));
        expect(errors).toEqual([]);
      }
    });
  });
}
