import { plainExcerpt } from "~/blog/post-view";
import { renderPostHtmlCached } from "~/blog/render.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { listLatestPublishedPosts } from "~/models/blog-post.server";
import { getSettingsMap, siteNameFrom } from "~/models/site.server";

const FEED_SIZE = 20;

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// XML 1.0 has no place for most control characters; a post holding one must not break the feed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function text(value: string) {
  return escapeXml(value.replace(XML_INVALID, ""));
}

/** The newest published posts as RSS 2.0, linked from /blog. */
export async function loader() {
  const site = getEnv().SITE_URL;
  try {
    const [posts, settings] = await Promise.all([
      listLatestPublishedPosts(getDb(), FEED_SIZE),
      getSettingsMap(),
    ]);
    const siteName = siteNameFrom(settings);
    const newest = posts[0]?.publishedAt ?? posts[0]?.updatedAt ?? new Date();
    const items = posts
      .map((post) => {
        const link = `${site}/blog/${encodeURIComponent(post.slug)}`;
        const description = post.excerpt || plainExcerpt(post.content);
        return [
          "    <item>",
          `      <title>${text(post.title)}</title>`,
          `      <link>${text(link)}</link>`,
          `      <guid isPermaLink="true">${text(link)}</guid>`,
          `      <description>${text(description)}</description>`,
          `      <content:encoded>${text(renderPostHtmlCached(post))}</content:encoded>`,
          post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : "",
          post.categoryName ? `      <category>${text(post.categoryName)}</category>` : "",
          "    </item>",
        ]
          .filter(Boolean)
          .join("\n");
      })
      .join("\n");
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${text(`${siteName} Blog`)}</title>
    <link>${text(`${site}/blog`)}</link>
    <description>${text(`Articles from ${siteName} on AI agents, automation and technology for growing businesses.`)}</description>
    <language>en</language>
    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>
    <atom:link href="${text(`${site}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
    return new Response(body, {
      headers: {
        "Content-Type": "application/rss+xml; charset=utf-8",
        "Cache-Control": "public, max-age=900",
      },
    });
  } catch (error) {
    logger.error({ err: error }, "could not build the blog feed");
    return new Response("The feed is not available right now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
}
