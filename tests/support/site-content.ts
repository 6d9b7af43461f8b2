import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import sharp from "sharp";
import type { Account } from "./admin";
import { newSubmissionKey, solveBotCheck } from "./forms";
import type { RunningServer } from "./server";

/**
 * A site with real content, written through a running server's own endpoints as an admin and as
 * visitors do (no direct database writes), and the means to read it back page by page: for
 * tests that compare two servers, such as a site and its restored backup.
 */

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** A client address of its own for each call (servers run with TRUST_PROXY=loopback). */
let addresses = 0;
export function nextClientAddress() {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** Decodes a React Router single-fetch answer (`/route.data`: turbo-stream) into its value. */
export async function decodeRouteData(response: Response): Promise<unknown> {
  if (!response.body) throw new Error(`${response.url}: an empty answer (${response.status})`);
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  return decoded.value;
}

/** Signs in through better-auth's endpoint; the session cookie as a Cookie header value. */
export async function signInCookie(url: string, account: Account): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: url,
      "x-forwarded-for": nextClientAddress(),
    },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) {
    throw new Error(
      `sign-in of ${account.email} at ${url}: ${response.status} ${await response.text()}`,
    );
  }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair?.startsWith("better-auth.session_token="));
  if (!cookie) throw new Error(`sign-in of ${account.email} at ${url} set no session cookie`);
  return cookie;
}

/** What an admin's dashboard action answered (the route's action data). */
interface ActionAnswer {
  ok?: boolean;
  result?: Record<string, unknown>;
  toast?: { type: string; title: string; description?: string };
}

/** Admin writes as the dashboard's fetchers send them (POST to `/route.data`), with a session. */
export function adminWriter(url: string, cookie: string) {
  const headers = () => ({ cookie, origin: url, "x-forwarded-for": nextClientAddress() });
  /** A form (or, with `asJson`, a JSON body, as the settings dialogs send) to a route's action. */
  async function action(
    route: string,
    body: Record<string, unknown>,
    asJson = false,
  ): Promise<ActionAnswer> {
    const response = await fetch(`${url}${route}.data`, {
      method: "POST",
      headers: {
        ...headers(),
        "content-type": asJson ? "application/json" : "application/x-www-form-urlencoded",
      },
      body: asJson ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>),
      redirect: "manual",
    });
    const answer = (await decodeRouteData(response)) as { data?: ActionAnswer } | undefined;
    if (response.status !== 200 || !answer?.data?.ok) {
      throw new Error(`${body.intent} at ${route}: ${response.status} ${JSON.stringify(answer)}`);
    }
    return answer.data;
  }
  async function json(route: string, body: unknown) {
    const response = await fetch(`${url}${route}`, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }
  return {
    action,
    json,
    /** Uploads a file to the media library; its stored name. */
    async upload(name: string, type: string, bytes: Buffer, altText: string) {
      const form = new FormData();
      form.append("altText", altText);
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
      const response = await fetch(`${url}/admin/media/upload`, {
        method: "POST",
        headers: { ...headers(), accept: "application/json" },
        body: form,
      });
      const body = (await response.json()) as { name?: string; url?: string };
      if (response.status !== 201 || !body.name || !body.url) {
        throw new Error(`upload of ${name}: ${response.status} ${JSON.stringify(body)}`);
      }
      return { name: body.name, url: body.url };
    },
    /** Publishes (or saves as a draft) through the post API the creator pages use. */
    async apiPost(post: { title: string; slug: string; content: string; published: boolean }) {
      const answer = await json("/api/create-blog-post", {
        ...post,
        excerpt: `${post.title}, in short.`,
        meta_title: post.title,
        meta_description: `About ${post.title}.`,
      });
      if (answer.status !== 201) {
        throw new Error(
          `the post API for ${post.slug}: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      return answer.body as { id: number; slug: string };
    },
  };
}

/** A visitor's form submission through the form API. */
async function submit(url: string, route: string, body: unknown) {
  const response = await fetch(`${url}${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: url,
      "x-forwarded-for": nextClientAddress(),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route}: ${response.status} ${text}`);
  return text;
}

export function subscribeToNewsletter(url: string, email: string) {
  return submit(url, "/api/newsletter-subscribe", { email });
}

export interface SiteContent {
  siteName: string;
  category: { name: string; slug: string };
  /** The published posts' slugs. */
  published: string[];
  draft: string;
  /** The renamed post's first slug, which now redirects to its second. */
  renamed: { from: string; to: string };
  manualRedirect: { from: string; to: string };
  /** Site paths of the uploaded image and of each copy the server made of it. */
  media: { original: string; variants: string[] };
  subscriber: string;
  contact: { firstName: string; email: string };
  consultation: { name: string; email: string };
}

/**
 * Gives a fresh site real content through its server, as its admin and its visitors would: a
 * category; an uploaded photo (the server makes its resized copies); a published post in the
 * category with the photo as its featured image, and one through the post API; a draft; a post
 * whose slug is then changed (which leaves a redirect); a manual redirect; a new site name; a
 * newsletter subscriber; a contact message and a consultation request.
 */
export async function createSiteContent(
  server: RunningServer,
  cookie: string,
  label = "Backup",
): Promise<SiteContent> {
  const url = server.url;
  const admin = adminWriter(url, cookie);
  const tag = label.toLowerCase();

  const category = { name: `${label} Guides`, slug: `${tag}-guides` };
  await admin.action("/admin/blog", { intent: "create-category", ...category });
  const categories = (await decodeRouteData(
    await fetch(`${url}/admin/blog.data?view=categories`, { headers: { cookie } }),
  )) as Record<string, { data: { categories: { id: number; slug: string }[] } }>;
  const categoryId = categories["routes/admin/blog"]?.data.categories.find(
    (c) => c.slug === category.slug,
  )?.id;
  if (!categoryId) throw new Error(`the category ${category.slug} is not listed`);

  // Big enough for several resized copies; a gradient so each copy's bytes are its own.
  const photo = await sharp({
    create: { width: 1000, height: 640, channels: 3, background: "#2a6f97" },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="640"><defs><linearGradient id="g"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#264653"/></linearGradient></defs><circle cx="500" cy="320" r="260" fill="url(#g)"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const image = await admin.upload("harbour.jpg", "image/jpeg", photo, "The harbour at dawn");
  const mediaDir = path.join(server.dataDir, "media");
  const stem = image.name.replace(/\.[^.]+$/, "");
  const variants = fs
    .readdirSync(mediaDir)
    .filter((name) => name !== image.name && name.startsWith(`${stem}-`))
    .sort()
    .map((name) => `/media/${name}`);
  if (variants.length === 0) throw new Error(`no copies were made of ${image.name}`);

  const post = (title: string, slug: string, status: string, extra: Record<string, string> = {}) =>
    admin.action("/admin/blog", {
      intent: "create-post",
      title,
      slug,
      excerpt: `${title}: the short version.`,
      content: `## ${title}\n\nA paragraph about **${title}**, with [a link](/about).\n\n- one\n- two\n`,
      status,
      metaTitle: title,
      metaDescription: `Everything about ${title}.`,
      ...extra,
    });
  const photoPost = `${tag}-harbour-report`;
  await post(`${label} harbour report`, photoPost, "published", {
    categoryId: String(categoryId),
    featuredImageUrl: image.url,
  });
  const apiPost = `${tag}-from-the-api`;
  await admin.apiPost({
    title: `${label} from the API`,
    slug: apiPost,
    content: "Written by a creator page.\n\nSecond paragraph.",
    published: true,
  });
  const draft = `${tag}-unfinished-draft`;
  await post(`${label} unfinished draft`, draft, "draft", { categoryId: String(categoryId) });

  const renamed = { from: `${tag}-first-name`, to: `${tag}-second-name` };
  const created = await post(`${label} renamed post`, renamed.from, "published", {
    categoryId: String(categoryId),
  });
  const { id, version } = created.result as { id: number; version: number };
  await post(`${label} renamed post`, renamed.to, "published", {
    intent: "update-post",
    id: String(id),
    version: String(version),
    categoryId: String(categoryId),
  });

  const manualRedirect = { from: `/${tag}-old-offer`, to: "/process-automation" };
  await admin.action("/admin/redirects", {
    intent: "create",
    fromPath: manualRedirect.from,
    target: manualRedirect.to,
  });

  const values = (await (
    await fetch(`${url}/admin/settings/values`, { headers: { cookie } })
  ).json()) as { branding: Record<string, string> };
  const siteName = `${label} Harbour AI`;
  await admin.action("/admin/settings", { intent: "branding", ...values.branding, siteName }, true);

  const subscriber = `${tag}-reader@example.com`;
  await subscribeToNewsletter(url, subscriber);
  const contact = { firstName: `${label}Ada`, email: `${tag}-ada@example.com` };
  await submit(url, "/api/contact", {
    firstName: contact.firstName,
    lastName: "Lovelace",
    email: contact.email,
    confirmEmail: contact.email,
    phone: "",
    comments: "Could your chatbot answer our harbour's bookings?",
    consent: true,
    submissionKey: newSubmissionKey(),
    botCheck: await solveBotCheck(url),
  });
  const consultation = { name: `${label} Grace Hopper`, email: `${tag}-grace@example.com` };
  await submit(url, "/api/schedule-consultation", {
    ...consultation,
    company: "Harbour Ltd",
    serviceType: "",
    message: "We would like to automate our invoices.",
    submissionKey: newSubmissionKey(),
  });

  return {
    siteName,
    category,
    published: [photoPost, apiPost, renamed.to],
    draft,
    renamed,
    manualRedirect,
    media: { original: image.url, variants },
    subscriber,
    contact,
    consultation,
  };
}

/** Every file below `dir` (relative path → SHA-256), for comparing two media folders. */
export function fileChecksums(dir: string): Record<string, string> {
  const sums: Record<string, string> = {};
  const walk = (at: string, prefix: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(at, entry.name), relative);
      else sums[relative] = sha256(fs.readFileSync(path.join(at, entry.name)));
    }
  };
  if (fs.existsSync(dir)) walk(dir, "");
  return sums;
}
