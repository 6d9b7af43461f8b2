// `npm run backup -- --out FILE`: the database and the media files in one archive.
import { ensureBuild } from "./build-if-stale.js";

process.env.NODE_ENV ??= "production";
ensureBuild({ quiet: true });
const { runBackupCli } = await import("../build/server/index.js");
process.exitCode = await runBackupCli(process.argv.slice(2));
