import { RevisionHistory } from "~/components/admin/kit/revision-history";
import type { AdminPost } from "~/models/admin-blog.server";

/** The post editor's History panel (the kit's, over the Blog tab's revisions and action). */
export function PostHistory({
  post,
  version,
  dirty,
  onRestored,
}: {
  post: Pick<AdminPost, "id" | "title">;
  /** The version the editor has open; a restore over a newer one is refused. */
  version: number;
  /** Unsaved typing would be replaced by the restore: save or discard it first. */
  dirty: boolean;
  onRestored: (result: { version: number }) => void;
}) {
  return (
    <RevisionHistory
      source={{
        key: `post-${post.id}`,
        noun: "post",
        listUrl: `/admin/blog/revisions?post=${post.id}`,
        detailUrl: (revisionId) => `/admin/blog/revisions?post=${post.id}&revision=${revisionId}`,
        restoreAction: "/admin/blog",
        restoreFields: (revisionId, version) => ({
          intent: "restore-revision",
          id: String(post.id),
          revisionId: String(revisionId),
          version: String(version),
        }),
        restoreNote:
          "Brings back its text, meta fields, image and category; the address and status stay. The current text stays in the history.",
      }}
      version={version}
      dirty={dirty}
      onRestored={onRestored}
    />
  );
}
