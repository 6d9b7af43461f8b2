import { toZonedInputValue } from "~/lib/zoned-time";
import type { AdminCategory, AdminPost } from "~/models/admin-blog.server";
import type { BlogPostStatus } from "~/schemas/admin/blog";
import type { ConflictField } from "./edit-conflict";

export const statusLabels: Record<BlogPostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/** The post as another admin saved it, sent with a refused save (409). */
export type TheirPost = AdminPost & { savedByName: string; savedAt: string };

export interface Values {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: BlogPostStatus;
  categoryId: string;
  featuredImageUrl: string;
  metaTitle: string;
  metaDescription: string;
  /** For Scheduled: "YYYY-MM-DDTHH:mm" in the site's time zone. */
  publishAt: string;
}

export const empty: Values = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  status: "draft",
  categoryId: "",
  featuredImageUrl: "",
  metaTitle: "",
  metaDescription: "",
  publishAt: "",
};

export function valuesOf(post: AdminPost, timeZone: string): Values {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    status: post.status,
    categoryId: post.categoryId === null ? "" : String(post.categoryId),
    featuredImageUrl: post.featuredImageUrl,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    publishAt:
      post.status === "scheduled" && post.publishedAt
        ? toZonedInputValue(post.publishedAt, timeZone)
        : "",
  };
}

export const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

export function conflictFields(
  theirs: Values,
  mine: Values,
  categories: AdminCategory[],
): ConflictField[] {
  const category = (id: string) =>
    id ? (categories.find((c) => String(c.id) === id)?.name ?? `Category ${id}`) : "No category";
  return [
    { label: "Title", theirs: theirs.title, mine: mine.title },
    { label: "Slug", theirs: theirs.slug, mine: mine.slug },
    { label: "Excerpt", theirs: theirs.excerpt, mine: mine.excerpt },
    { label: "Content", theirs: theirs.content, mine: mine.content, long: true },
    {
      label: "Status",
      theirs: statusLabels[theirs.status],
      mine: statusLabels[mine.status],
    },
    { label: "Publish on", theirs: theirs.publishAt, mine: mine.publishAt },
    { label: "Category", theirs: category(theirs.categoryId), mine: category(mine.categoryId) },
    { label: "Featured image", theirs: theirs.featuredImageUrl, mine: mine.featuredImageUrl },
    { label: "Meta title", theirs: theirs.metaTitle, mine: mine.metaTitle },
    {
      label: "Meta description",
      theirs: theirs.metaDescription,
      mine: mine.metaDescription,
    },
  ];
}

/** What a save sends: the form's fields, as the plain form would post them. */
export function payloadOf(values: Values, extra: Record<string, string>) {
  const { publishAt, ...rest } = values;
  return { ...rest, ...(values.status === "scheduled" ? { publishAt } : {}), ...extra };
}
