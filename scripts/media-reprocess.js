// `npm run media:reprocess`: image copies for files uploaded before the server made them.
import { ensureBuild } from "./build-if-stale.js";

process.env.NODE_ENV ??= "production";
ensureBuild({ quiet: true });
const { runMediaReprocessCli } = await import("../build/server/index.js");
process.exitCode = await runMediaReprocessCli(process.argv.slice(2));
