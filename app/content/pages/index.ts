import type { PageSeed } from "~/pages/seed-pages.server";
import { aboutPageSeeds } from "./about";
import { formPageSeeds } from "./forms";
import { homePageSeeds } from "./home";
import { legalPageSeeds } from "./legal";
import { productPages } from "./products";
import { servicePageSeeds } from "./services";

/**
 * Every page the site comes with, as first written (the seed steps of app/db/seed.server.ts each
 * write one family of them). Besides the seed, only the public page route's outage fallback reads
 * them: app/pages/built-in-pages.server.ts.
 */
export const builtInPageSeeds: readonly PageSeed[] = [
  ...productPages,
  ...servicePageSeeds,
  ...aboutPageSeeds,
  ...formPageSeeds,
  ...homePageSeeds,
  ...legalPageSeeds,
];
