import { describe, expect, it } from "vitest";
import { type Classification, classifyPageView, type ResponseFacts } from "./classify.server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SITE = "www.example.com";
const DOCUMENT_ACCEPT =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** A document load of `url` by a browser, as the server sees it when the response finishes. */
function documentLoad(url: string, overrides: Partial<ResponseFacts> = {}): ResponseFacts {
  return {
    method: "GET",
    url,
    status: 200,
    contentType: "text/html; charset=utf-8",
    siteHosts: [SITE],
    ...overrides,
    headers: {
      accept: DOCUMENT_ACCEPT,
      "user-agent": BROWSER,
      "sec-fetch-dest": "document",
      ...overrides.headers,
    },
  };
}

/** React Router's client-side navigation: `/<page>.data`, fetched from the page being left. */
function dataNavigation(url: string, from: string, headers: ResponseFacts["headers"] = {}) {
  return documentLoad(url, {
    contentType: "text/x-script; charset=utf-8",
    headers: {
      accept: "*/*",
      "sec-fetch-dest": "empty",
      referer: `https://${SITE}${from}`,
      ...headers,
    },
  });
}

function counted(path: string, referrerHost = ""): Classification {
  return { count: true, path, referrerHost };
}

describe("which responses are page views", () => {
  it("counts a browser's document load of a public page, directly visited", () => {
    expect(classifyPageView(documentLoad("/"))).toEqual(counted("/"));
    expect(classifyPageView(documentLoad("/about"))).toEqual(counted("/about"));
  });

  it("counts a client-side navigation (.data) as a view of the page it is for", () => {
    expect(classifyPageView(dataNavigation("/about.data", "/"))).toEqual(counted("/about"));
    expect(classifyPageView(dataNavigation("/_root.data", "/about"))).toEqual(counted("/"));
    expect(classifyPageView(dataNavigation("/contact/_.data", "/"))).toEqual(counted("/contact"));
    expect(classifyPageView(dataNavigation("/contact/.data", "/"))).toEqual(counted("/contact"));
  });

  it("does not count a revalidation: the page asking for its own data after a form post", () => {
    expect(
      classifyPageView(
        dataNavigation("/newsletter/unsubscribe.data?token=x", "/newsletter/unsubscribe?token=x"),
      ),
    ).toEqual({ count: false, reason: "revalidation" });
    expect(classifyPageView(dataNavigation("/_root.data", "/"))).toMatchObject({ count: false });
    // Without a referrer of this site a .data request cannot be told from a revalidation.
    expect(
      classifyPageView(dataNavigation("/about.data", "/", { referer: undefined })),
    ).toMatchObject({ count: false });
    expect(
      classifyPageView(dataNavigation("/about.data", "/", { referer: "https://evil.example/" })),
    ).toMatchObject({ count: false });
  });

  it("does not count a fetcher load (one route's data) but counts a navigation naming root", () => {
    expect(
      classifyPageView(dataNavigation("/about.data?_routes=routes%2Fmarketing%2Fabout", "/")),
    ).toEqual({ count: false, reason: "fetcher" });
    expect(
      classifyPageView(
        dataNavigation("/about.data?_routes=root%2Croutes%2Fmarketing%2Fabout", "/"),
      ),
    ).toEqual(counted("/about"));
  });

  it("does not count prefetches", () => {
    for (const headers of [
      { "sec-purpose": "prefetch" },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "prefetch" },
      { "x-moz": "prefetch" },
    ]) {
      expect(classifyPageView(dataNavigation("/about.data", "/", headers))).toEqual({
        count: false,
        reason: "prefetch",
      });
      expect(classifyPageView(documentLoad("/about", { headers }))).toEqual({
        count: false,
        reason: "prefetch",
      });
    }
  });

  it("does not count bots, the link audit, or requests without a user agent", () => {
    const bot = (ua: string | undefined) =>
      classifyPageView(documentLoad("/", { headers: { "user-agent": ua } }));
    expect(bot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toEqual(
      { count: false, reason: "bot" },
    );
    expect(bot("curl/8.5.0")).toEqual({ count: false, reason: "bot" });
    expect(bot("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0.0.0 Safari/537.36")).toEqual({
      count: false,
      reason: "bot",
    });
    expect(bot(`${BROWSER} AISolutions-LinkAudit/1.0`)).toEqual({ count: false, reason: "bot" });
    expect(bot(undefined)).toEqual({ count: false, reason: "no-user-agent" });
    expect(bot("   ")).toEqual({ count: false, reason: "no-user-agent" });
  });

  it("counts only successful GETs: no 404, redirect, error or post", () => {
    expect(classifyPageView(documentLoad("/no-such-page", { status: 404 }))).toEqual({
      count: false,
      reason: "status",
    });
    expect(classifyPageView(dataNavigation("/no-such-page.data", "/"))).toEqual(
      counted("/no-such-page"),
    );
    expect(classifyPageView({ ...dataNavigation("/no-such-page.data", "/"), status: 404 })).toEqual(
      { count: false, reason: "status" },
    );
    expect(classifyPageView(documentLoad("/admin", { status: 302 }))).toMatchObject({
      count: false,
    });
    expect(classifyPageView(documentLoad("/", { status: 500 }))).toMatchObject({ count: false });
    expect(classifyPageView(documentLoad("/contact", { method: "POST" }))).toEqual({
      count: false,
      reason: "method",
    });
    expect(classifyPageView(documentLoad("/", { method: "HEAD" }))).toEqual({
      count: false,
      reason: "method",
    });
  });

  it("does not count the admin, auth, API, health, assets and media, or files", () => {
    for (const url of [
      "/admin",
      "/admin/analytics",
      "/api/integrations",
      "/assets/root-abc.js",
      "/media/logo.png",
      "/healthz",
      "/readyz",
      "/auth",
      "/auth?tab=sign-up",
      "/sign-out",
      "/reset-password?token=x",
    ]) {
      expect(classifyPageView(documentLoad(url)), url).toMatchObject({ count: false });
    }
    expect(classifyPageView(dataNavigation("/admin/analytics.data", "/admin"))).toEqual({
      count: false,
      reason: "excluded-path",
    });
    expect(classifyPageView(documentLoad("/robots.txt", { contentType: "text/plain" }))).toEqual({
      count: false,
      reason: "not-a-page",
    });
    expect(classifyPageView(dataNavigation("/robots.txt.data", "/"))).toEqual({
      count: false,
      reason: "not-a-page",
    });
    // Prefixes match whole segments only.
    expect(classifyPageView(documentLoad("/authors"))).toEqual(counted("/authors"));
    expect(classifyPageView(documentLoad("/administration-services"))).toEqual(
      counted("/administration-services"),
    );
  });

  it("counts only HTML answers to requests that ask for HTML", () => {
    expect(classifyPageView(documentLoad("/", { headers: { accept: "*/*" } }))).toEqual({
      count: false,
      reason: "not-a-page",
    });
    expect(classifyPageView(documentLoad("/", { contentType: "application/json" }))).toEqual({
      count: false,
      reason: "not-a-page",
    });
    expect(classifyPageView(documentLoad("/", { headers: { "sec-fetch-dest": "empty" } }))).toEqual(
      { count: false, reason: "not-a-page" },
    );
    // Clients that send no fetch metadata still count.
    expect(
      classifyPageView(documentLoad("/", { headers: { "sec-fetch-dest": undefined } })),
    ).toEqual(counted("/"));
  });

  it("strips query strings and trailing slashes, and refuses overlong paths", () => {
    expect(classifyPageView(documentLoad("/about/?utm_source=mail&email=a@b.c"))).toEqual(
      counted("/about"),
    );
    expect(classifyPageView(documentLoad("/?q=secret"))).toEqual(counted("/"));
    expect(classifyPageView(documentLoad("/blog/hello-world//"))).toEqual(
      counted("/blog/hello-world"),
    );
    expect(classifyPageView(documentLoad(`/${"a".repeat(300)}`))).toEqual({
      count: false,
      reason: "not-a-page",
    });
  });

  it("keeps only the host of an outside referrer; this site's own pages count as direct", () => {
    const from = (referer: string) => classifyPageView(documentLoad("/", { headers: { referer } }));
    expect(from("https://News.Example.org/story/42?utm=x#top")).toEqual(
      counted("/", "news.example.org"),
    );
    expect(from("http://search.example.net:8080/q?=private")).toEqual(
      counted("/", "search.example.net"),
    );
    expect(from(`https://${SITE}/about?x=1`)).toEqual(counted("/"));
    expect(from("android-app://com.example.app/")).toEqual(counted("/"));
    expect(from("not a url")).toEqual(counted("/"));
    expect(from(`https://${"a".repeat(120)}.example/`)).toEqual(counted("/"));
    // The request's own host is this site too (SITE_URL may differ behind a proxy).
    expect(
      classifyPageView(
        documentLoad("/", {
          siteHosts: [SITE, "localhost:3000"],
          headers: { referer: "http://localhost:3000/contact" },
        }),
      ),
    ).toEqual(counted("/"));
  });

  it("passes the session cookie on, so the caller can leave admins out", () => {
    const withCookie = (cookie: string) =>
      classifyPageView(documentLoad("/", { headers: { cookie } }));
    expect(withCookie("theme=dark; better-auth.session_token=abc.def")).toEqual({
      ...counted("/"),
      sessionCookie: "better-auth.session_token=abc.def",
    });
    expect(withCookie("__Secure-better-auth.session_token=abc.def")).toMatchObject({
      sessionCookie: "__Secure-better-auth.session_token=abc.def",
    });
    expect(withCookie("theme=dark")).toEqual(counted("/"));
  });
});
