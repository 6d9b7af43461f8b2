import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, runNode, serverEnv, startServer } from "../support/server";

const scratch: string[] = [];
const servers: RunningServer[] = [];

function scratchDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-backup-"));
  scratch.push(dir);
  return dir;
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", () => {
  it("backs up through the running server and restores into an empty data directory", async () => {
    const work = scratchDir();
    const sourceDir = path.join(work, "source");
    const source = await startServer({ dataDir: sourceDir });
    servers.push(source);
    fs.mkdirSync(path.join(sourceDir, "media"), { recursive: true });
    fs.writeFileSync(path.join(sourceDir, "media", "1700000000000-abcdef.txt"), "hello media");

    const archive = path.join(work, "site.tar.gz");
    const backup = await runNode(
      ["scripts/backup.js", "--out", archive],
      serverEnv(sourceDir, undefined),
    );
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backed up \d+ tables \(\d+ rows\) and 1 media files to /);
    expect(fs.existsSync(archive)).toBe(true);
    // The server holds the embedded database, so the command can only have gone through it.

    // Restoring into the data directory of a running server is refused.
    const busy = await runNode(["scripts/restore.js", archive], serverEnv(sourceDir, undefined));
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain("Stop the server before restoring");

    const targetDir = path.join(work, "target");
    const restore = await runNode(["scripts/restore.js", archive], serverEnv(targetDir, undefined));
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("web_settings:");
    expect(fs.readFileSync(path.join(targetDir, "media", "1700000000000-abcdef.txt"), "utf8")).toBe(
      "hello media",
    );

    const restored = await startServer({ dataDir: targetDir });
    servers.push(restored);
    const [before, after] = await Promise.all(
      [source, restored].map(async (server) => {
        const response = await fetch(`${server.url}/`);
        return {
          status: response.status,
          title: (await response.text()).match(/<title>.*?<\/title>/)?.[0],
        };
      }),
    );
    expect(after).toEqual(before);
  }, 240_000);
});
