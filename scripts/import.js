// `npm run import -- --from DIR`: the old hosted backend's CSV exports and media bucket, brought in.
import { ensureBuild } from "./build-if-stale.js";

process.env.NODE_ENV ??= "production";
ensureBuild({ quiet: true });
const { runImportCli } = await import("../build/server/index.js");
process.exitCode = await runImportCli(process.argv.slice(2));
