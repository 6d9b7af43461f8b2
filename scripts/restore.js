// `npm run restore -- FILE [--force]`: an archive of `npm run backup` into DATA_DIR / DATABASE_URL.
import { ensureBuild } from "./build-if-stale.js";

process.env.NODE_ENV ??= "production";
ensureBuild({ quiet: true });
const { runRestoreCli } = await import("../build/server/index.js");
process.exitCode = await runRestoreCli(process.argv.slice(2));
