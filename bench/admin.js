// An admin signed in on a benchmark server, doing what the dashboard does: upload to the media
// library, publish a post. For the steps that need content only an admin can make (a photo).
import { spawn } from "node:child_process";
import { collectOutput, root } from "./common.js";

/**
 * Runs `npm run admin -- create` against `dataDir` (through the running server, which holds it),
 * or against PostgreSQL at `databaseUrl`.
 */
function createAdminAccount(dataDir, email, password, databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/admin.js", "create", "--email", email], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: password,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = collectOutput(child);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`admin create exited with ${code}:\n${output()}`)),
    );
  });
}

/**
 * POST /admin/media/upload as the dashboard's uploader sends it, for the admin signed in as
 * `session` (`{ url, origin, cookie }`, from signInAsAdmin; plain data, so a worker thread can
 * upload too). Resolves with the status, the answer (201 `{ name, url, item }`) and how long it
 * took, whatever the status.
 */
export async function uploadMedia(
  session,
  bytes,
  { fileName = "IMG_0001.jpg", type = "image/jpeg", altText = "" } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type }), fileName);
  if (altText) form.append("altText", altText);
  const started = performance.now();
  const response = await fetch(`${session.url}/admin/media/upload`, {
    method: "POST",
    headers: { origin: session.origin, cookie: session.cookie, accept: "application/json" },
    body: form,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text, ms };
}

/**
 * Creates an admin on the server started by startBenchServer (`server`, on `dataDir`, or on
 * PostgreSQL at `databaseUrl`) and signs in. The returned client sends the session cookie and the
 * site's Origin, as the dashboard does.
 */
export async function signInAsAdmin(server, dataDir, databaseUrl) {
  const email = "bench-admin@example.com";
  const password = "bench admin password 1";
  await createAdminAccount(dataDir, email, password, databaseUrl);
  // The server's own origin is SITE_URL, which defaults to http://localhost:<port> while the
  // benchmarks talk to 127.0.0.1: writes naming another origin are refused as cross-site.
  const origin = `http://localhost:${new URL(server.url).port}`;
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (signIn.status !== 200 || !cookie.includes("session_token=")) {
    throw new Error(`Signing in as the admin answered ${signIn.status}: ${await signIn.text()}`);
  }

  const session = { url: server.url, origin, cookie };
  return {
    session,
    upload: (bytes, options) => uploadMedia(session, bytes, options),

    /**
     * A form post to an admin page's action (`path`, e.g. /admin/integrations, with its `intent`
     * and fields), as the dashboard's form sends it without JavaScript. Resolves with the status
     * and the answer's text: 200 is done, a refusal is 4xx. Sent to `origin` itself: React
     * Router refuses an action whose Origin names another host than the request's.
     */
    async postForm(path, form) {
      const response = await fetch(`${origin}${path}`, {
        method: "POST",
        headers: { origin, cookie },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
      return { status: response.status, text: await response.text() };
    },

    /** POST /api/create-blog-post (the spec's payload); resolves with `{ id, slug, url }`. */
    async createPost(payload) {
      const response = await fetch(`${server.url}/api/create-blog-post`, {
        method: "POST",
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      const text = await response.text();
      if (response.status !== 201) {
        throw new Error(`Creating the post answered ${response.status}: ${text}`);
      }
      return JSON.parse(text);
    },
  };
}

/**
 * Uploads a photo and publishes a post with it as the featured image and in the body, the way an
 * editor illustrates an article. Returns the post's path and what the library stored.
 */
export async function publishPhotoPost(admin, photo, { slug = "a-day-with-a-phone-photo" } = {}) {
  const altText = "A harbour at dusk, boats moored along the quay";
  const upload = await admin.upload(photo, { fileName: "IMG_4032.jpg", altText });
  if (upload.status !== 201) {
    throw new Error(`Uploading the photo answered ${upload.status}: ${upload.text.slice(0, 500)}`);
  }
  const paragraph =
    "Automation gives a small team its evenings back: the questions that arrive after hours are answered, the bookings land in the calendar, and the morning starts with a summary instead of a backlog.";
  const post = await admin.createPost({
    title: "A day with a phone photo",
    slug,
    excerpt: "How a small business shares its work, with a photo straight from a phone.",
    content: [
      paragraph,
      "## Before the doors open",
      paragraph,
      paragraph,
      `![${altText}](${upload.body.url})`,
      "## After closing time",
      paragraph,
      paragraph,
    ].join("\n\n"),
    featured_image: upload.body.url,
    published: true,
  });
  return { path: post.url, media: upload.body.item, uploadMs: Math.round(upload.ms) };
}
