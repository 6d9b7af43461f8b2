import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import type { IntegrationName } from "~/content/site-defaults";
import { openPglite } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";

export type IntegrationSettings = Partial<
  Record<IntegrationName, { enabled: boolean; config: Record<string, unknown> }>
>;

/**
 * Writes integration rows straight into a server's embedded database: exactly the given ones are
 * set, every other integration is disabled and emptied. PGlite allows one process at a time, so
 * only while no server runs on dataDir (a server that has run once has migrated and seeded it).
 */
export async function configureIntegrations(dataDir: string, settings: IntegrationSettings) {
  const client = await PGlite.create(path.join(dataDir, "db"));
  try {
    const { db } = openPglite(client);
    await db.update(webIntegrations).set({ enabled: false, config: {} });
    for (const [name, { enabled, config }] of Object.entries(settings)) {
      const updated = await db
        .update(webIntegrations)
        .set({ enabled, config })
        .where(eq(webIntegrations.name, name))
        .returning({ id: webIntegrations.id });
      if (updated.length !== 1) throw new Error(`No ${name} integration row in ${dataDir}`);
    }
  } finally {
    await client.close();
  }
}
