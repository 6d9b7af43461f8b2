import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { webMainPageStats } from "~/db/schema.server";
import * as site from "~/models/site.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { blockSchema } from "./blocks";
import { renderPageView } from "./render.server";

const hero = (fields: Record<string, unknown>) =>
  blockSchema.parse({ id: "h", type: "hero", v: 3, title: "Welcome", ...fields });

describe.each(backends)("a hero's figures from Content → Statistics, on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openSiteDatabase(backend);
  });
  afterAll(async () => {
    await closeSiteDatabase(database);
  });

  it("shows the Content tab's figures in their order, read only for a hero that shows them", async () => {
    await database.db.delete(webMainPageStats);
    await database.db.insert(webMainPageStats).values([
      { statKey: "uptime", statValue: "99%", statLabel: "Uptime", displayOrder: 2 },
      { statKey: "projects", statValue: "120", statLabel: "Projects Delivered", displayOrder: 1 },
    ]);
    const read = vi.spyOn(site, "listHeroStats");
    const view = await renderPageView(database.db, {
      title: "Home",
      blocks: [hero({ figuresFrom: "statistics" }), hero({ id: "h2", figures: [] })],
    });
    const [first, second] = view.blocks;
    expect(first?.type === "hero" && first.statistics).toEqual([
      { value: "120", label: "Projects Delivered" },
      { value: "99%", label: "Uptime" },
    ]);
    expect(second?.type === "hero" && second.statistics).toBeNull();
    // Once for the page, whatever the number of heroes.
    expect(read).toHaveBeenCalledTimes(1);

    read.mockClear();
    const plain = await renderPageView(database.db, { title: "Offer", blocks: [hero({})] });
    expect(plain.blocks[0]?.type === "hero" && plain.blocks[0].statistics).toBeNull();
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });
});
