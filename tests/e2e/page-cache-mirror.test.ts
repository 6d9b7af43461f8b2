import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSession, startAdminSession } from "../support/admin";
import { expectCleanPage, expectClientSideMoveToBlog, newPage } from "../support/browser";
import { freePort, projectRoot } from "../support/server";

/**
 * The page cache's static mirror (PAGE_CACHE_DIR), with nginx in front of the app configured by
 * the very block the README gives: visitors get the files, a change reaches them at once, and
 * signed-in users still get the app.
 */
let session: AdminSession;
/** nginx at 127.0.0.1 for fetch, and at localhost (the app's host, its cookies') for the browser. */
let nginx: { url: string; browserUrl: string; stop: () => Promise<void> };
let work: string;
let mirror: string;

/** The README's nginx server block, pointed at this test's app and mirror. */
function readmeNginxBlock(appPort: number, port: number) {
  const readme = fs.readFileSync(path.join(projectRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Serving pages from nginx (static mirror)"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("README: no nginx block under 'Serving pages from nginx'");
  return block
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`)
    .replace(/root \/var\/lib\/site\/pages;/, `root ${mirror};`);
}

async function startNginx(appPort: number) {
  const dir = path.join(work, "nginx");
  for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(dir, temp), { recursive: true });
  }
  const port = await freePort();
  const log = path.join(dir, "error.log");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
error_log ${log} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((temp) => `${temp}_temp_path ${path.join(dir, temp)};`)
    .join("\n  ")}
  ${readmeNginxBlock(appPort, port)}
}
`,
  );
  const bin = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  const child: ChildProcess = spawn(
    bin,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", log, "-g", `daemon off; pid ${dir}/pid;`],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${fs.readFileSync(log, "utf8")}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("nginx did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    browserUrl: `http://localhost:${port}`,
    stop: async () => {
      // SIGQUIT: nginx's graceful stop (a killed master would leave its worker behind).
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-mirror-"));
  // nginx's workers run as an unprivileged user when the tests run as root: they must read it.
  fs.chmodSync(work, 0o755);
  mirror = path.join(work, "pages");
  session = await startAdminSession({ PAGE_CACHE_MB: "64", PAGE_CACHE_DIR: mirror });
  nginx = await startNginx(Number(new URL(session.own.url).port));
}, 180_000);
afterAll(async () => {
  await nginx?.stop();
  await session?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const inMirror = (file: string) => {
  try {
    return fs.readFileSync(path.join(mirror, file), "utf8");
  } catch {
    return null;
  }
};

describe("the page cache's mirror on disk", () => {
  it("writes a visitor's page, and a change in the admin reaches its file within two seconds", async () => {
    await fetch(`${session.own.url}/blog`);
    await expect.poll(() => inMirror("blog/index.html")).toContain("</html>");
    expect(inMirror("blog/index.html")).not.toContain("Fresh from the mirror test");

    const created = await session.context.request.post(`${session.own.url}/api/create-blog-post`, {
      headers: { Origin: session.own.url },
      data: { title: "Fresh from the mirror test", content: "Hello.", published: true },
    });
    expect(created.status()).toBe(201);
    const changed = Date.now();
    // Gone (nginx then asks the app), or already written again with the change.
    await expect
      .poll(() => inMirror("blog/index.html")?.includes("Fresh from the mirror test") ?? true, {
        timeout: 2000,
        interval: 50,
      })
      .toBe(true);
    expect(Date.now() - changed).toBeLessThan(2000);

    // Through nginx: the app renders it again, and the new file has the change.
    expect(await (await fetch(`${nginx.url}/blog`)).text()).toContain("Fresh from the mirror test");
    await expect.poll(() => inMirror("blog/index.html")).toContain("Fresh from the mirror test");
  });
});

describe("nginx serving the mirror (the README's block)", () => {
  it("sends the page as the app rendered it, compressed, with the app's policy", async () => {
    const fromApp = await (
      await fetch(`${session.own.url}/about`, { headers: { "accept-encoding": "identity" } })
    ).text();
    await expect.poll(() => inMirror("about/index.html")).not.toBeNull();
    const response = await fetch(`${nginx.url}/about`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("last-modified")).not.toBeNull(); // a file, not the app
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    const html = await response.text();
    // The same page, with the policy the app sent as a header now in the page itself.
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    expect(meta?.[1]).toMatch(/script-src (?:'sha256-[^']+' )+'strict-dynamic'/);
    expect(html.replace(meta?.[0] ?? "", "")).toBe(fromApp);
  });

  it("leaves signed-in users, query strings and writes to the app", async () => {
    await expect.poll(() => inMirror("about/index.html")).not.toBeNull();
    const page = await newPage(session.context);
    await page.goto(`${nginx.browserUrl}/about`);
    expect(await page.getByText(session.admin.email).first().isVisible()).toBe(true);
    await page.close();
    // The app's answer carries the whole policy; the file's header only what a <meta> cannot say.
    const withQuery = await fetch(`${nginx.url}/about?utm_source=test`);
    expect(withQuery.headers.get("content-security-policy")).toContain("script-src");
    await fetch(`${session.own.url}/about.data`);
    await expect.poll(() => inMirror("about.data")).not.toBeNull();
    const post = await fetch(`${nginx.url}/about.data`, { method: "POST" });
    // nginx's own refusal of a POST for a file (405, its error page) would mean it took it.
    expect(await post.text()).not.toContain("<center>nginx");
  });

  it("runs the page in a browser and moves between pages, with no policy violation", async () => {
    for (const address of ["/", "/_root.data", "/blog.data"]) {
      await fetch(`${session.own.url}${address}`);
    }
    await expect.poll(() => inMirror("blog.data")).not.toBeNull();
    const context = await session.browser.newContext();
    const page = await newPage(context);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    // Files nginx sent have a Last-Modified; the app's pages and data have none.
    const fromFiles: string[] = [];
    page.on("response", (response) => {
      if (response.headers()["last-modified"]) fromFiles.push(new URL(response.url()).pathname);
    });
    await page.goto(`${nginx.browserUrl}/`);
    await expectClientSideMoveToBlog(page);
    expect(fromFiles).toEqual(expect.arrayContaining(["/", "/blog.data"]));
    expect(violations).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });

  it("refuses a script that was not in the page, by the policy in the page", async () => {
    await fetch(`${session.own.url}/about`);
    await expect.poll(() => inMirror("about/index.html")).not.toBeNull();
    const context = await session.browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    // As if a script had slipped into the file: the same headers, one more script.
    await page.route(`${nginx.browserUrl}/about`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        "</body>",
        "<script>window.injected = true</script></body>",
      );
      await route.fulfill({ response, body });
    });
    await page.goto(`${nginx.browserUrl}/about`);
    await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
    ).toBeUndefined();
    expect(violations.some((text) => /inline script/i.test(text))).toBe(true);
    await context.close();
  });
});
