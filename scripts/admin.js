// `npm run admin -- create --email you@example.com` with ADMIN_PASSWORD set.
import { ensureBuild } from "./build-if-stale.js";

process.env.NODE_ENV ??= "production";
ensureBuild({ quiet: true });
const { runAdminCli } = await import("../build/server/index.js");
process.exitCode = await runAdminCli(process.argv.slice(2));
