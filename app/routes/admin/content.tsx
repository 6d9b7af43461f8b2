import { editorConflictAnswer } from "~/admin/editor-conflict.server";
import {
  adminChanged,
  adminDuplicate,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import type { CurrentUser } from "~/auth/session.server";
import { ContentTab } from "~/components/admin/content/content-tab";
import { defaultSetting } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  createStat,
  deleteStat,
  getHero,
  heroKeys,
  listNavMenu,
  listServiceItems,
  listStats,
  replaceNavMenu,
  replaceServices,
  saveHero,
  updateStat,
} from "~/models/admin-content.server";
import { restorableDetails } from "~/models/editor-restore.server";
import { expectedVersionOf, readEditorVersions } from "~/models/editor-versions.server";
import {
  DUPLICATE_STAT_KEY,
  heroSchema,
  navMenuSchema,
  servicesSchema,
  statCreateSchema,
  statDeleteSchema,
  statUpdateSchema,
} from "~/schemas/admin/content";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [
  { title: "Content | Admin dashboard" },
  { name: "robots", content: "noindex" },
];

/** A list that could not be read is null: its dialog says so instead of showing an empty list. */
async function orNull<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error }, `admin content: could not load ${what}`);
    return null;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireSection(request, "content");
  const db = getDb();
  // Read before the values: see readEditorVersions.
  const versions = await orNull("the versions", () =>
    readEditorVersions(db, ["hero", "navigation", "services"]),
  );
  const [hero, stats, navItems, services] = await Promise.all([
    orNull("the hero", () => getHero(db)),
    orNull("the statistics", () => listStats(db)),
    orNull("the navigation menu", () => listNavMenu(db)),
    orNull("the services", () => listServiceItems(db)),
  ]);
  return {
    hero,
    heroDefaults: {
      heroTitle: defaultSetting(heroKeys.heroTitle),
      heroSubtitle: defaultSetting(heroKeys.heroSubtitle),
      heroCtaText: defaultSetting(heroKeys.heroCtaText),
    },
    stats,
    navItems,
    services,
    // Unknown versions leave the check out rather than refuse every save.
    versions: versions ?? { hero: undefined, navigation: undefined, services: undefined },
    role: staff.role,
  };
}

/** The error toast of each intent when the database fails under it. */
const failureTitles: Record<string, string> = {
  saveHero: "Could not save the hero",
  createStat: "Failed to save statistic",
  updateStat: "Failed to save statistic",
  deleteStat: "Failed to delete statistic",
  saveNav: "Could not save the menu",
  saveServices: "Could not save the services",
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "content");
  let intent = "";
  try {
    const values = await readAdminPayload(request, "Could not save");
    intent = typeof values.intent === "string" ? values.intent : "";
    return await act(admin, intent, values);
  } catch (error) {
    const conflict = editorConflictAnswer(error);
    if (conflict) return conflict;
    return answerActionError(
      error,
      failureTitles[intent] ?? "Could not save",
      { err: error, intent },
      "admin content: the change could not be saved",
    );
  }
}

async function act(admin: CurrentUser, intent: string, values: Record<string, unknown>) {
  const db = getDb();
  switch (intent) {
    case "saveHero": {
      const input = parseAdminInput(heroSchema, values, "Could not save the hero");
      const saved = await saveHero(db, input, expectedVersionOf(values));
      await adminChanged(admin, {
        action: "updated",
        entity: "hero",
        details: { ...input, ...restorableDetails("hero", saved.before) },
      });
      return adminSuccess("Hero Updated", "The home page shows the new hero text.", {
        version: saved.version,
      });
    }
    case "createStat": {
      const input = parseAdminInput(statCreateSchema, values, "Failed to save statistic");
      const row = await createStat(db, input);
      if (!row) {
        return adminDuplicate("Failed to save statistic", "statKey", DUPLICATE_STAT_KEY);
      }
      await adminChanged(admin, {
        action: "created",
        entity: "statistic",
        entityId: row.id,
        details: input,
      });
      return adminSuccess("Statistic saved", `“${row.statLabel}” was added.`);
    }
    case "updateStat": {
      const input = parseAdminInput(statUpdateSchema, values, "Failed to save statistic");
      const row = await updateStat(db, input);
      if (!row) {
        return adminFailure("Failed to save statistic", "This statistic no longer exists.", {
          status: 404,
        });
      }
      await adminChanged(admin, {
        action: "updated",
        entity: "statistic",
        entityId: row.id,
        details: { statKey: row.statKey, ...input },
      });
      return adminSuccess("Statistic saved", `“${row.statLabel}” was updated.`);
    }
    case "deleteStat": {
      const { id } = parseAdminInput(statDeleteSchema, values, "Failed to delete statistic");
      const row = await deleteStat(db, id);
      if (!row) {
        return adminFailure("Failed to delete statistic", "This statistic no longer exists.", {
          status: 404,
        });
      }
      await adminChanged(admin, {
        action: "deleted",
        entity: "statistic",
        entityId: row.id,
        details: { statKey: row.statKey, statLabel: row.statLabel },
      });
      return adminSuccess("Statistic deleted", `“${row.statLabel}” was removed.`);
    }
    case "saveNav": {
      const { items } = parseAdminInput(navMenuSchema, values, "Could not save the menu");
      const saved = await replaceNavMenu(db, items, expectedVersionOf(values));
      await adminChanged(admin, {
        action: "updated",
        entity: "navigation menu",
        details: { items, ...restorableDetails("navigation", saved.before) },
      });
      return adminSuccess("Navigation Updated", "Navigation menu has been updated successfully.", {
        version: saved.version,
      });
    }
    case "saveServices": {
      const { items } = parseAdminInput(servicesSchema, values, "Could not save the services");
      const saved = await replaceServices(db, items, expectedVersionOf(values));
      await adminChanged(admin, {
        action: "updated",
        entity: "services",
        details: {
          titles: items.map((item) => item.title),
          ...restorableDetails("services", saved.before),
        },
      });
      return adminSuccess("Services Updated", "The home page shows the new list of services.", {
        version: saved.version,
      });
    }
    default:
      return adminFailure("Could not save", "Unknown action.", { status: 400 });
  }
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  // Set only by a plain form post (before JavaScript loads); fetchers show a toast instead.
  const plainPostToast = actionData && "toast" in actionData ? actionData.toast : null;
  return <ContentTab {...loaderData} plainPostToast={plainPostToast} />;
}
