import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationNames } from "~/content/site-defaults";
import { campaignDraftSchema } from "~/newsletter/campaign";
import { campaignSaveSchema } from "~/newsletter/campaign-save";
import { newsletterSettingsSchema } from "~/newsletter/settings";
import { apiKeyCreateSchema, apiKeyRevokeSchema } from "~/schemas/admin/api-keys";
import { auditRestoreSchema } from "~/schemas/admin/audit";
import {
  categoryFormSchema,
  categoryIdSchema,
  categoryUpdateSchema,
  postFormSchema,
  postIdSchema,
  postPreviewSchema,
  postUpdateSchema,
  previewSchema,
  restoreRevisionSchema,
} from "~/schemas/admin/blog";
import { altTextAssistSchema, assistFields, postAssistSchema } from "~/schemas/admin/blog-assist";
import {
  campaignFromPostSchema,
  campaignSendSchemas,
  subscriberTagsActionSchema,
} from "~/schemas/admin/campaign-send";
import {
  heroSchema,
  navMenuSchema,
  servicesSchema,
  statCreateSchema,
  statDeleteSchema,
  statUpdateSchema,
} from "~/schemas/admin/content";
import { deliveryResendSchema } from "~/schemas/admin/deliveries";
import { startLinkAuditSchema } from "~/schemas/admin/insights";
import {
  integrationConfigSchema,
  integrationTargetSchema,
  integrationToggleSchema,
} from "~/schemas/admin/integrations";
import { mediaAltTextSchema, mediaDeleteSchema } from "~/schemas/admin/media";
import {
  redirectCreateSchema,
  redirectDeleteSchema,
  redirectUpdateSchema,
} from "~/schemas/admin/redirects";
import { dkimSelectorSchema } from "~/schemas/admin/sender-check";
import {
  adminTwoFactorSchema,
  backupSettingsSchema,
  brandingSchema,
  contactInfoSchema,
  footerSchema,
  siteSettingsSchema,
} from "~/schemas/admin/settings";
import { leadStatusActionSchema, subscriberActionSchema } from "~/schemas/admin/subscribers";
import {
  teamInviteSchema,
  teamRemoveSchema,
  teamRevokeSchema,
  teamRoleSchema,
} from "~/schemas/admin/team";
import { blogPostPayloadSchema } from "~/schemas/blog-api";
import { z } from "~/schemas/zod";
import { calls as analyticsCalls } from "../support/admin-actions/analytics";
import { calls as blogCalls } from "../support/admin-actions/blog";
import { calls as blogApiCalls } from "../support/admin-actions/blog-api";
import { calls as campaignsCalls } from "../support/admin-actions/campaigns";
import { calls as contentCalls } from "../support/admin-actions/content";
import { calls as insightsCalls } from "../support/admin-actions/insights";
import { calls as integrationsCalls } from "../support/admin-actions/integrations";
import { calls as mediaCalls } from "../support/admin-actions/media";
import { calls as redirectsCalls } from "../support/admin-actions/redirects";
import { calls as settingsCalls } from "../support/admin-actions/settings";
import { calls as shellCalls } from "../support/admin-actions/shell";
import { calls as subscribersCalls } from "../support/admin-actions/subscribers";
import { calls as teamCalls } from "../support/admin-actions/team";
import type { AdminCall } from "../support/admin-actions/types";
import { hostilePayload, hostileString, hostileValue } from "../support/fuzz/arbitraries";
import { adminCookie, healthy, startFuzzServer, summary } from "../support/fuzz/fuzz-server";
import { encodedBodies, type FuzzBody, toJson } from "../support/fuzz/requests";
import {
  type FuzzCase,
  type FuzzReport,
  fuzzEndpoint,
  serverErrorsSince,
} from "../support/fuzz/runner";
import { confirmItsMe } from "../support/step-up";
import { scaled } from "../support/stress-scale";

/**
 * Hostile input to every admin write, as a signed-in admin (so the role check passes and the
 * handler behind it is what is fuzzed): every action intent listed in
 * tests/support/admin-actions/*.ts, 1,000 cases each from the schema in app/schemas/admin/ that
 * the action validates with, plus the post API with an API key and with the admin's session.
 */

// 1,000 at full size; fewer at CI size (STRESS_SCALE).
const CASES = scaled(1_000);

/** The schema each admin write validates with, by "<path> <intent>". */
const schemas: Record<string, z.ZodType> = {
  "/admin/content saveHero": heroSchema,
  "/admin/content createStat": statCreateSchema,
  "/admin/content updateStat": statUpdateSchema,
  "/admin/content deleteStat": statDeleteSchema,
  "/admin/content saveNav": navMenuSchema,
  "/admin/content saveServices": servicesSchema,
  "/admin/settings settings": siteSettingsSchema,
  "/admin/settings branding": brandingSchema,
  "/admin/settings footer": footerSchema,
  "/admin/settings contact-info": contactInfoSchema,
  "/admin/settings backups": backupSettingsSchema,
  "/admin/settings admin-two-factor": adminTwoFactorSchema,
  "/admin/blog seed-sample": z.object({}),
  "/admin/blog create-post": postFormSchema,
  "/admin/blog update-post": postUpdateSchema,
  "/admin/blog delete-post": postIdSchema,
  "/admin/blog restore-revision": restoreRevisionSchema,
  "/admin/blog preview": previewSchema,
  "/admin/blog open-preview": postPreviewSchema,
  "/admin/blog create-category": categoryFormSchema,
  "/admin/blog update-category": categoryUpdateSchema,
  "/admin/blog delete-category": categoryIdSchema,
  "/admin/integrations toggle": integrationToggleSchema,
  "/admin/integrations test-connection": integrationTargetSchema,
  "/admin/integrations purge-cache": integrationTargetSchema,
  "/admin/integrations/deliveries resend": deliveryResendSchema,
  // A union of the post's fields and an image's alt text: both shapes in one, so every field
  // (and mediaId) is drawn, as the route's discriminated union reads them.
  "/admin/blog/assist undefined": z.object({
    ...postAssistSchema.shape,
    field: z.enum([...assistFields, "altText"]),
    mediaId: altTextAssistSchema.shape.mediaId.optional(),
  }),
  "/admin/api-keys create": apiKeyCreateSchema,
  "/admin/api-keys revoke": apiKeyRevokeSchema,
  "/admin/media update-alt": mediaAltTextSchema,
  "/admin/media delete": mediaDeleteSchema,
  "/admin/newsletter unsubscribe": subscriberActionSchema,
  "/admin/newsletter reactivate": subscriberActionSchema,
  "/admin/newsletter set-tags": subscriberTagsActionSchema,
  "/admin/newsletter/campaigns from-post": campaignFromPostSchema,
  ...Object.fromEntries(
    Object.entries(campaignSendSchemas).map(([intent, schema]) => [
      `/admin/newsletter/campaigns/1/send ${intent}`,
      schema,
    ]),
  ),
  "/admin/newsletter/settings undefined": newsletterSettingsSchema,
  "/admin/newsletter/campaigns/new save": campaignSaveSchema,
  "/admin/newsletter/campaigns/1 save": campaignSaveSchema,
  "/admin/newsletter/campaigns/1/preview undefined": campaignDraftSchema,
  "/admin/newsletter/sender-check save-selector": dkimSelectorSchema,
  "/admin/leads set-status": leadStatusActionSchema,
  "/admin/links start-link-audit": startLinkAuditSchema,
  "/admin/audit-log restore": auditRestoreSchema,
  "/admin/redirects create": redirectCreateSchema,
  "/admin/redirects update": redirectUpdateSchema,
  "/admin/redirects delete": redirectDeleteSchema,
  "/admin/team invite": teamInviteSchema,
  "/admin/team revoke": teamRevokeSchema,
  "/admin/team change-role": teamRoleSchema,
  "/admin/team remove": teamRemoveSchema,
};

const allCalls: AdminCall[] = [
  ...analyticsCalls,
  ...blogCalls,
  ...blogApiCalls,
  ...campaignsCalls,
  ...contentCalls,
  ...insightsCalls,
  ...integrationsCalls,
  ...mediaCalls,
  ...redirectsCalls,
  ...settingsCalls,
  ...shellCalls,
  ...subscribersCalls,
  ...teamCalls,
];
const writes = allCalls.filter((call) => call.method !== "GET");

function intentOf(call: AdminCall) {
  const payload = (call.form ?? call.json) as Record<string, unknown> | undefined;
  return typeof payload?.intent === "string" ? payload.intent : undefined;
}

/**
 * Mostly as the dashboard's fetchers send them (`<path>.data`, the action's answer only), one in
 * twenty as a form posted without JavaScript (the whole page rendered with the answer). A page
 * render costs about five times a `.data` answer; at one in four the 36 endpoints took about
 * 32 s each (some 20 minutes in all).
 */
function casesFor(path: string, payloads: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzCase> {
  const target = path.startsWith("/admin/")
    ? fc.oneof(
        { weight: 19, arbitrary: fc.constant(`${path}.data`) },
        { weight: 1, arbitrary: fc.constant(path) },
      )
    : fc.constant(path);
  return fc.tuple(target, encodedBodies(payloads)).map(([to, body]) => ({ path: to, body }));
}

/** An integration's config form: the integration is drawn, its schema follows. */
const integrationConfigs = fc
  .constantFrom(...integrationNames)
  .chain((integration) =>
    hostilePayload(
      integrationConfigSchema(integration),
      {},
      { intent: "save-config", integration },
    ),
  );

const fileContents = fc.oneof(
  fc.constantFrom(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    "<!doctype html><script>alert(1)</script>",
    "%PDF-1.4\n%âãÏÓ\n",
    "GIF89a\u0001\u0000\u0001\u0000",
    "",
  ),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
  // A PNG signature in front of anything.
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) =>
      Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from(bytes)]).toString(
        "latin1",
      ),
    ),
);

/** Multipart uploads with hostile names, types, contents and fields. */
const uploads: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    fc.oneof(
      hostileString,
      fc.constantFrom("a.png", "../../etc/passwd", "x.svg", "x.html", ".htaccess", "a.png.exe"),
    ),
    fc.constantFrom(
      "image/png",
      "image/svg+xml",
      "text/html",
      "application/pdf",
      "",
      "image/x-unknown",
    ),
    fileContents,
    fc.option(hostileValue, { nil: undefined }),
    fc.constantFrom("file", "file", "file", "files", ""),
    fc.nat(9),
    // Mostly as the dashboard's uploader asks (JSON, the real status); else as a plain form
    // post, answered with a 303 to the media tab whatever happened.
    fc.nat(3).map((n): Record<string, string> => (n ? { Accept: "application/json" } : {})),
  )
  .map(([name, type, content, altText, field, variant, headers]): FuzzCase => {
    if (variant === 0) {
      return {
        path: "/admin/media/upload",
        headers,
        body: { kind: "json", contentType: "application/json", body: toJson({ altText }) },
      };
    }
    const form = new FormData();
    if (altText !== undefined)
      form.append("altText", typeof altText === "string" ? altText : toJson(altText));
    if (variant !== 1)
      form.append(field, new Blob([Buffer.from(content, "latin1")], { type }), name);
    if (variant === 2) form.append(field, new Blob(["second"], { type }), "second.txt");
    const body: FuzzBody = { kind: "multipart-upload", body: form };
    return { path: "/admin/media/upload", headers, body };
  });

const postExample = (blogApiCalls[0]?.json ?? {}) as Record<string, unknown>;

let fuzz: Awaited<ReturnType<typeof startFuzzServer>>;

/** A fresh key: the fuzz of the revoke intent revokes the keys made before it. */
async function createApiKey() {
  await confirmAdmin();
  const created = await fetch(`${fuzz.server.url}/admin/api-keys`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: fuzz.server.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "create", name: "fuzz" }).toString(),
  });
  const key = /ais_[A-Za-z0-9_-]{20,}/.exec(await created.text())?.[0];
  if (!key) throw new Error("could not create an API key");
  return key;
}

let cookie = "";
let adminPassword = "";
let apiKey = "";

/**
 * A new API key and team changes ask the admin to confirm it's them (good for 10 minutes): done
 * just before the targets that make keys or change the team, so a long run does not outlast it.
 */
async function confirmAdmin() {
  await confirmItsMe(fuzz.server.url, cookie, adminPassword);
}
/** The admin writes that ask "Confirm it's you" (app/auth/step-up.server.ts). */
const STEP_UP_TARGETS = new Set([
  "/admin/api-keys create",
  "/admin/team invite",
  "/admin/team change-role",
  "/admin/team remove",
]);

const reports: FuzzReport[] = [];

beforeAll(async () => {
  fuzz = await startFuzzServer();
  const signedIn = await adminCookie(fuzz.server);
  cookie = signedIn.cookie;
  adminPassword = signedIn.admin.password;
  // Something for the update, delete and status intents to find: a post, a category, a
  // subscriber and leads with small ids.
  await fetch(`${fuzz.server.url}/admin/blog`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: fuzz.server.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "seed-sample" }).toString(),
  });
});

afterAll(async () => {
  for (const report of reports) console.log(summary(report));
  console.log(
    `total: ${reports.reduce((n, r) => n + r.cases, 0)} cases in ${(reports.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(0)} s`,
  );
  const code = await fuzz?.close();
  expect(code).toBe(0);
});

interface Target {
  name: string;
  cases: () => fc.Arbitrary<FuzzCase>;
  headers: () => Record<string, string>;
  /** Runs just before the target's cases. */
  before?: () => Promise<void>;
}

/**
 * "Back up now" has no input but its intent: a thousand cases would only be a thousand backups
 * (each refused while one runs). Its refusals are in the access and e2e tests.
 */
const notFuzzed = new Set(["/admin/settings/backups"]);

function targets(): Target[] {
  const list: Target[] = [];
  const session = () => ({ Cookie: cookie });
  for (const call of writes) {
    if (call.path === "/api/create-blog-post") continue;
    if (notFuzzed.has(call.path)) continue;
    if (call.path === "/admin/media/upload") {
      list.push({ name: "POST /admin/media/upload", cases: () => uploads, headers: session });
      continue;
    }
    const intent = intentOf(call);
    const key = `${call.path} ${intent}`;
    if (key === "/admin/integrations save-config") {
      list.push({
        name: key,
        cases: () => casesFor(call.path, integrationConfigs),
        headers: session,
      });
      continue;
    }
    const schema = schemas[key];
    if (!schema) throw new Error(`No schema is declared for the admin write "${key}"`);
    const example = (call.form ?? call.json ?? {}) as Record<string, unknown>;
    list.push({
      name: key,
      cases: () => casesFor(call.path, hostilePayload(schema, example, { intent })),
      headers: session,
      before: STEP_UP_TARGETS.has(key) ? confirmAdmin : undefined,
    });
  }
  const posts = hostilePayload(blogPostPayloadSchema, postExample);
  list.push({
    name: "POST /api/create-blog-post (API key)",
    cases: () => casesFor("/api/create-blog-post", posts),
    headers: () => ({ Authorization: `Bearer ${apiKey}` }),
    before: async () => {
      apiKey = await createApiKey();
    },
  });
  list.push({
    name: "POST /api/create-blog-post (admin session)",
    cases: () => casesFor("/api/create-blog-post", posts),
    headers: session,
  });
  return list;
}

describe("hostile input to every admin write, as the admin", () => {
  it("every write in tests/support/admin-actions has a schema to fuzz it with", () => {
    // The create-blog-post write is fuzzed twice: with an API key and with the admin's session.
    const fuzzed = writes.filter((call) => !notFuzzed.has(call.path));
    expect(targets().length).toBe(fuzzed.length + 1);
  });

  for (const target of targets()) {
    it(`${target.name}: ${CASES} cases, no 5xx, no internals shown, the server stays up`, async () => {
      await target.before?.();
      const logFrom = fuzz.server.output().length;
      const report = await fuzzEndpoint({
        name: target.name,
        baseURL: fuzz.server.url,
        cases: target.cases(),
        headers: target.headers,
        numRuns: CASES,
        seed: 20261121,
      });
      reports.push(report);
      expect(report.cases).toBe(CASES);
      // Refused sign-ins only would fuzz nothing behind the check.
      expect(report.statuses[401] ?? 0).toBeLessThan(CASES / 2);
      expect(report.failures.slice(0, 5)).toEqual([]);
      expect(await healthy(fuzz.server)).toBe(200);
      expect(serverErrorsSince(fuzz.server.output(), logFrom)).toEqual([]);
    });
  }

  it("the server is still up and its output shows no crash", async () => {
    expect(await healthy(fuzz.server)).toBe(200);
    expect(fuzz.server.process.exitCode).toBeNull();
    expect(serverErrorsSince(fuzz.server.output(), 0)).toEqual([]);
  });
});
