import { editorConflictAnswer } from "~/admin/editor-conflict.server";
import { adminChanged, adminFailure, adminSuccess, parseAdminInput } from "~/admin/mutation.server";
import { adminSection } from "~/admin/tabs";
import { NO_ACCESS_MESSAGE } from "~/auth/permissions.server";
import { roleAllows } from "~/auth/roles";
import type { CurrentUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { restorableDetails } from "~/models/editor-restore.server";
import {
  FOOTER_FOR_ADMINS,
  isFooterIntent,
  NOT_PUBLISHED_FOR_LINKS,
  type PageLinkIntent,
  pageFooterLinkSchema,
  pageLinkSchema,
} from "~/pages/page-links";
import {
  addPageToFooter,
  addPageToNavigation,
  type MenuName,
  type PageLinkOutcome,
  removePageFromFooter,
  removePageFromNavigation,
} from "~/pages/page-links.server";

/**
 * "Add to navigation", "Add to footer" and their removals on the Pages tab's list. Each needs the
 * role of the Content tab's editor it changes (the menu: the Content tab's; the footer: the
 * settings editors', an admin's) and is audited and purged as that editor's save is.
 */

const texts: Record<PageLinkIntent, { failure: string; done: string; note: string }> = {
  "add-to-navigation": {
    failure: "Could not add the page to the navigation",
    done: "Added to the navigation",
    note: "is in the site's menu now.",
  },
  "remove-from-navigation": {
    failure: "Could not remove the page from the navigation",
    done: "Removed from the navigation",
    note: "is no longer in the site's menu.",
  },
  "add-to-footer": {
    failure: "Could not add the page to the footer",
    done: "Added to the footer",
    note: "is in the footer now.",
  },
  "remove-from-footer": {
    failure: "Could not remove the page from the footer",
    done: "Removed from the footer",
    note: "is no longer in the footer.",
  },
};

/** The public pages a change of the site's menus shows on: every one (undefined), else `paths`. */
export function pathsShowingMenus(menus: readonly MenuName[], paths: string[]) {
  return menus.length > 0 ? undefined : paths;
}

export async function pageLinksAction(values: Record<string, unknown>, admin: CurrentUser) {
  const intent = values.intent as PageLinkIntent;
  const footer = isFooterIntent(intent);
  const { failure, done, note } = texts[intent];
  const needed = adminSection(footer ? "settings" : "content").role;
  if (!roleAllows(admin.role, needed)) {
    return adminFailure(failure, footer ? FOOTER_FOR_ADMINS : NO_ACCESS_MESSAGE, { status: 403 });
  }
  const db = getDb();
  let outcome: PageLinkOutcome;
  try {
    if (intent === "add-to-footer") {
      outcome = await addPageToFooter(db, parseAdminInput(pageFooterLinkSchema, values, failure));
    } else {
      const { id } = parseAdminInput(pageLinkSchema, values, failure);
      const change = {
        "add-to-navigation": addPageToNavigation,
        "remove-from-navigation": removePageFromNavigation,
        "remove-from-footer": removePageFromFooter,
      }[intent];
      outcome = await change(db, id);
    }
  } catch (error) {
    const conflict = editorConflictAnswer(error);
    if (conflict) return conflict;
    throw error;
  }
  switch (outcome.status) {
    case "missing":
      return adminFailure(failure, "There is no such page.", { status: 404 });
    case "not-published":
      return adminFailure(failure, NOT_PUBLISHED_FOR_LINKS, { status: 409 });
    case "invalid":
      return adminFailure(failure, invalidNote(intent, outcome.message));
    case "unchanged":
      // Someone did it meanwhile (or the list was old): the state asked for is there.
      return adminSuccess(done, `“${outcome.title}” ${note}`);
  }
  const editor = footer ? "footer" : "navigation";
  await adminChanged(admin, {
    action: "updated",
    entity: footer ? "footer" : "navigation menu",
    details: {
      [intent.startsWith("add") ? "added" : "removed"]: { page: outcome.title, url: outcome.path },
      ...restorableDetails(editor, outcome.before),
    },
  });
  return adminSuccess(done, `“${outcome.title}” ${note}`, { version: outcome.version });
}

/** The menu's label rule speaks of a label the list never showed: it is the page's title. */
function invalidNote(intent: PageLinkIntent, message: string) {
  if (intent === "add-to-navigation" && /^The label /.test(message)) {
    return `${message.replace(/^The label/, "A menu label")}: shorten the page's title, or add it on the Content tab with a shorter label.`;
  }
  return message;
}
