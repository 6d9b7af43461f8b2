import { data } from "react-router";
import { adminFailure } from "~/admin/mutation.server";
import type { CurrentUser } from "~/auth/session.server";
import { revisionsKeptFrom, siteTimeZoneFrom } from "~/content/site-defaults";
import { fromZonedInputValue } from "~/lib/zoned-time";
import { getSettingsMap } from "~/models/site.server";
import { SCHEDULE_IN_PAST, SCHEDULE_MISSING } from "~/schemas/admin/blog";

/**
 * What the Blog tab's and the Pages tab's saves share: who saves and what the settings say about
 * scheduling and history, and the answers when a save or a restore writes nothing.
 */

export type EditedThing = "post" | "page" | "shared section" | "campaign";

/** Who saves and what the settings say about scheduling and history. */
export async function saveContext(admin: CurrentUser) {
  const settings = await getSettingsMap();
  return {
    saver: { id: admin.id, name: admin.email, source: "editor" as const },
    keepRevisions: revisionsKeptFrom(settings),
    timeZone: siteTimeZoneFrom(settings),
  };
}

/** A scheduled post's (or page's) publish time in UTC, refused unless it is a time still to come. */
export function scheduledTime(
  input: { status: string; publishAt: string | null },
  timeZone: string,
  failure: string,
): Date | null {
  if (input.status !== "scheduled") return null;
  const at = input.publishAt ? fromZonedInputValue(input.publishAt, timeZone) : null;
  const refuse = (message: string) =>
    adminFailure(failure, message, { fieldErrors: { publishAt: message } });
  if (!at) throw refuse(SCHEDULE_MISSING);
  if (at.getTime() <= Date.now()) throw refuse(SCHEDULE_IN_PAST);
  return at;
}

type Gone = { status: "missing" } | { status: "no-revision" };

/** Throws the answer (404) when the post or page, or the revision to restore, is gone. */
export function refuseWhenGone<O extends { status: string }>(
  outcome: O,
  failure: string,
  thing: EditedThing,
): asserts outcome is Exclude<O, Gone> {
  if (outcome.status === "missing") {
    throw adminFailure(failure, `There is no such ${thing}.`, { status: 404 });
  }
  if (outcome.status === "no-revision") {
    throw adminFailure(failure, "That revision is no longer kept.", { status: 404 });
  }
}

/**
 * A save based on a version someone else has since replaced: nothing was written, and the editor
 * gets their version (`theirs`) to show beside the admin's own (409).
 */
export function editConflictAnswer<T>(thing: EditedThing, savedByName: string, theirs: T) {
  return data(
    {
      ok: false as const,
      toast: {
        type: "error" as const,
        title: `Someone else saved this ${thing}`,
        description: `${savedByName || "Another admin"} saved it after you opened it. Nothing was overwritten: compare both versions and choose.`,
      },
      conflict: theirs,
    },
    { status: 409 },
  );
}
