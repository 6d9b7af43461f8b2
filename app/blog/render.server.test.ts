import { describe, expect, it } from "vitest";
import type { ResponsiveImage } from "~/media/responsive";
import { renderCacheSize, renderPostHtml, renderPostHtmlCached } from "./render.server";

const site = { siteUrl: "https://www.example.com" };
const render = (content: string) => renderPostHtml(content, site);

describe("renderPostHtml: markdown survives", () => {
  it("renders GFM headings (with ids, h1 below the page title), lists, tables, code, links and images", () => {
    const html = render(
      [
        "# Getting started",
        "",
        "Some **bold** and _italic_ text with `code` and ~~struck~~.",
        "",
        "## Getting started",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "2. second",
        "",
        "| Plan | Price |",
        "| --- | ---: |",
        "| Basic | $10 |",
        "",
        "```ts",
        "const a = 1 < 2;",
        "```",
        "",
        "[Docs](https://docs.example.org/x) and [About](/about) and [mail](mailto:hi@example.com)",
        "",
        "[call](tel:+18135550142) and [not a number](tel:javascript:alert(1))",
        "",
        "![A chart](https://cdn.example.org/chart.png)",
        "",
        "- [x] done",
      ].join("\n"),
    );
    expect(html).toContain('<h2 id="getting-started">Getting started</h2>');
    expect(html).toContain('<h2 id="getting-started-2">Getting started</h2>');
    expect(html).not.toContain("<h1");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<del>struck</del>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>/);
    expect(html).toContain("<th>Plan</th>");
    expect(html).toContain('<td align="right">$10</td>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;');
    expect(html).toContain(
      '<a href="https://docs.example.org/x" target="_blank" rel="noopener noreferrer nofollow">Docs</a>',
    );
    expect(html).toContain('<a href="/about">About</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">mail</a>');
    expect(html).toContain('<a href="tel:+18135550142">call</a>');
    expect(html).toContain("<a>not a number</a>");
    expect(html).toContain(
      '<img alt="A chart" src="https://cdn.example.org/chart.png" loading="lazy" decoding="async" />',
    );
    expect(html).toMatch(/<input type="checkbox" disabled(="")? checked(="")? \/?>/);
  });

  it("never gives a heading an id the page around it uses", () => {
    expect(render("## Related Posts\n\n## Main")).toBe(
      '<h2 id="related-posts-2">Related Posts</h2>\n<h2 id="main-2">Main</h2>\n',
    );
  });

  it("keeps links to the site itself in the same tab", () => {
    expect(render("[home](https://www.example.com/blog)")).toContain(
      '<a href="https://www.example.com/blog">home</a>',
    );
  });

  it("keeps the creator pages' HTML as HTML, indentation and all", () => {
    const html = render(
      '<div>\n    <h2>Voice AI</h2>\n    <p>Hello <a href="https://x.example.org">there</a></p>\n</div>',
    );
    expect(html).toContain('<h2 id="voice-ai">Voice AI</h2>');
    expect(html).not.toContain("<pre>");
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("renderPostHtml: XSS vectors are removed", () => {
  const vectors: Array<[string, string]> = [
    ["script tag", "<script>alert(1)</script>"],
    ["script in markdown", "Hello\n\n<script>alert(1)</script>"],
    ["img onerror", '<img src="x" onerror="alert(1)">'],
    ["event handler on a paragraph", '<p onclick="alert(1)" onmouseover="alert(1)">hi</p>'],
    ["javascript: link", '<a href="javascript:alert(1)">x</a>'],
    ["javascript: markdown link", "[x](javascript:alert(1))"],
    ["upper-case javascript:", '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ["entity-encoded javascript:", '<a href="&#106;avascript:alert(1)">x</a>'],
    ["hex-encoded javascript:", '<a href="&#x6A;&#x61;vascript&#x3A;alert(1)">x</a>'],
    ["tab inside javascript:", '<a href="java\tscript:alert(1)">x</a>'],
    ["newline-encoded javascript:", '<a href="java&#10;script:alert(1)">x</a>'],
    ["leading space javascript:", '<a href="  javascript:alert(1)">x</a>'],
    ["vbscript:", '<a href="vbscript:msgbox(1)">x</a>'],
    ["data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ["data: image", '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
    ["svg onload", '<svg onload="alert(1)"><script>alert(1)</script></svg>'],
    [
      "svg animate",
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/></a></svg>',
    ],
    ["math trick", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
    ["style tag", "<style>body{background:url(javascript:alert(1))}</style>"],
    ["style expression", '<p style="width: expression(alert(1))">x</p>'],
    ["iframe", '<iframe src="javascript:alert(1)"></iframe>'],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["object", '<object data="javascript:alert(1)"></object>'],
    ["embed", '<embed src="javascript:alert(1)">'],
    ["form action", '<form action="javascript:alert(1)"><button>go</button></form>'],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ["base href", '<base href="javascript:alert(1)//">'],
    ["link import", '<link rel="import" href="https://evil.example/x">'],
    ["protocol-relative image", '<img src="//evil.example/x.png">'],
    ["noscript mXSS", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ["comment breakout", "<!--><img src=x onerror=alert(1)>-->"],
    ["markdown image onerror", '![x](x" onerror="alert(1))'],
    ["template", "<template><script>alert(1)</script></template>"],
  ];

  it.each(vectors)("%s", (_, payload) => {
    const html = render(payload).toLowerCase();
    expect(html).not.toMatch(
      /<script|<svg|<math|<iframe|<object|<embed|<form|<meta|<base|<link|<style|<template/,
    );
    // No handler attribute inside any tag (text that merely reads "onerror=" is harmless).
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/);
    expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/);
    expect(html).not.toMatch(/<[a-z][^>]*javascript:/);
    expect(html).not.toContain("style=");
    expect(html).not.toContain("srcdoc");
  });

  it("drops author ids and classes that could restyle or clobber the page", () => {
    const html = render('<div id="app" class="fixed inset-0 z-50">x</div>');
    expect(html).toBe("<div>x</div>");
  });

  it("escapes text rather than interpreting it", () => {
    expect(render("a < b & c")).toContain("a &lt; b &amp; c");
  });
});

describe("renderPostHtmlCached", () => {
  it("renders a post version once and again after it changes", () => {
    const updatedAt = new Date("2026-01-01T00:00:00Z");
    const first = renderPostHtmlCached({ id: 9001, updatedAt, content: "# One" }, site);
    const size = renderCacheSize();
    // Same version: the cache answers, even if someone passes other content.
    expect(renderPostHtmlCached({ id: 9001, updatedAt, content: "# Two" }, site)).toBe(first);
    expect(renderCacheSize()).toBe(size);
    const later = new Date("2026-01-02T00:00:00Z");
    expect(renderPostHtmlCached({ id: 9001, updatedAt: later, content: "# Two" }, site)).toContain(
      "Two",
    );
  });

  it("stays bounded", () => {
    for (let i = 0; i < 500; i++) {
      renderPostHtmlCached({ id: 100_000 + i, updatedAt: new Date(0), content: `p${i}` }, site);
    }
    expect(renderCacheSize()).toBeLessThanOrEqual(200);
  });
});

describe("renderPostHtml: library images become responsive", () => {
  const NAME = "1790000000000-0123456789abcdef.jpg";
  const image: ResponsiveImage = {
    src: "/media/1790000000000-0123456789abcdef-v1-w960.jpg",
    srcSet:
      "/media/1790000000000-0123456789abcdef-v1-w320.jpg 320w, /media/1790000000000-0123456789abcdef.jpg 1200w",
    sources: [
      { type: "image/avif", srcSet: "/media/1790000000000-0123456789abcdef-v1-w320.avif 320w" },
      { type: "image/webp", srcSet: "/media/1790000000000-0123456789abcdef-v1-w320.webp 320w" },
    ],
    width: 1200,
    height: 800,
    placeholder: "data:image/webp;base64,AAAA",
    alt: "A harbour at dawn",
  };
  const images = new Map([[NAME, image]]);

  it("renders <picture> with AVIF and WebP sources, the real size, lazy loading and the library's alt text", () => {
    const html = renderPostHtml(`Text\n\n![](/media/${NAME})`, { ...site, images });
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="/media/1790000000000-0123456789abcdef-v1-w320.avif 320w" sizes="`,
    );
    expect(html).toMatch(
      /<img src="\/media\/1790000000000-0123456789abcdef-v1-w960\.jpg" srcset="[^"]+ 1200w" sizes="[^"]+" width="1200" height="800" alt="A harbour at dawn" loading="lazy" decoding="async" style="background-image:url\(&quot;data:image\/webp;base64,AAAA&quot;\)/,
    );
    expect(html).not.toContain("data-media");
  });

  it("keeps the author's own alt text and title, escaped", () => {
    const html = renderPostHtml(
      `<p><img src="https://www.example.com/media/${NAME}" alt='Boats "at" sea' title="x<y"></p>`,
      {
        ...site,
        images,
      },
    );
    expect(html).toContain('alt="Boats &quot;at&quot; sea" title="x&lt;y"');
    expect(html).toContain("<picture>");
  });

  it("leaves other images as they are, and never takes data-media from the author", () => {
    const html = renderPostHtml(
      `<p><img src="https://elsewhere.example.org/${NAME}" data-media="${NAME}" alt="x"></p>`,
      { ...site, images },
    );
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("data-media");
    expect(html).toContain(`src="https://elsewhere.example.org/${NAME}"`);
  });
});
