// The server bundle's entry (build/server/index.js): the server `npm start` runs (server.js), and
// the commands scripts/*.js run (`npm run admin`, `backup`, `restore`, `import`, `media:reprocess`).
export { startServer } from "./app";
export { runAdminCli } from "./commands/cli/admin";
export { runBackupCli, runRestoreCli } from "./commands/cli/backup";
export { runImportCli } from "./commands/cli/import";
export { runMediaReprocessCli } from "./commands/cli/media";
