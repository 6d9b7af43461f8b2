import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  DataDirLockedError,
  type LockInfo,
  lockFilePath,
  processStartTime,
  readLiveLock,
} from "~/lib/data-dir-lock.server";

function readLock(dataDir: string) {
  return JSON.parse(fs.readFileSync(lockFilePath(dataDir), "utf8")) as LockInfo;
}

function writeLock(dataDir: string, info: LockInfo) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFilePath(dataDir), JSON.stringify(info));
}

/** A live node process standing in for another server on the same data directory. */
async function spawnHolder() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", reject);
  });
  return child;
}

async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

describe("data directory lock", () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-")), "data");
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
    }
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("reports a free directory as free", () => {
    expect(readLiveLock(dataDir)).toBeUndefined();
    fs.mkdirSync(dataDir);
    expect(readLiveLock(dataDir)).toBeUndefined();
  });

  it("writes server.lock with this process as the holder, and removes it on release", () => {
    const lock = acquireDataDirLock(dataDir, "server");
    const file = path.join(dataDir, "server.lock");
    expect(fs.existsSync(file)).toBe(true);
    const info = readLock(dataDir);
    expect(info.pid).toBe(process.pid);
    expect(info.holder).toBe("server");
    expect(Number.isNaN(Date.parse(info.startedAt))).toBe(false);

    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    // Releasing twice is harmless, and the directory can be taken again.
    lock.release();
    const again = acquireDataDirLock(dataDir, "admin-command");
    expect(readLock(dataDir).holder).toBe("admin-command");
    again.release();
  });

  it("records where the server takes admin commands", () => {
    const lock = acquireDataDirLock(dataDir, "server");
    lock.update({ adminUrl: "http://127.0.0.1:45678" });
    const info = readLock(dataDir);
    expect(info.adminUrl).toBe("http://127.0.0.1:45678");
    expect(info.pid).toBe(process.pid);
    expect(info.holder).toBe("server");
    lock.release();
  });

  it("refuses a directory held by another live server, telling to stop it first", async () => {
    const child = await spawnHolder();
    children.push(child);
    const holder: LockInfo = {
      pid: child.pid as number,
      holder: "server",
      startedAt: new Date().toISOString(),
      adminUrl: "http://127.0.0.1:41234",
    };
    writeLock(dataDir, holder);

    expect(readLiveLock(dataDir)).toEqual(holder);
    let error: unknown;
    try {
      acquireDataDirLock(dataDir, "server");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dataDir);
    expect(message).toContain(String(child.pid));
    expect(message).toMatch(/Stop it first/);
    // The other holder's lock is left alone.
    expect(readLock(dataDir)).toEqual(holder);
  });

  it("tells to wait for a running admin command", async () => {
    const child = await spawnHolder();
    children.push(child);
    writeLock(dataDir, {
      pid: child.pid as number,
      holder: "admin-command",
      startedAt: new Date().toISOString(),
    });
    expect(() => acquireDataDirLock(dataDir, "server")).toThrow(
      /admin command .* is using the data directory .*Try again when it has finished/,
    );
  });

  it("takes over a stale lock left by a process that died", async () => {
    const pid = await deadPid();
    writeLock(dataDir, { pid, holder: "server", startedAt: "2020-01-01T00:00:00.000Z" });
    expect(readLiveLock(dataDir)).toBeUndefined();

    const lock = acquireDataDirLock(dataDir, "server");
    expect(readLock(dataDir).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockFilePath(dataDir))).toBe(false);
  });

  it("records when the holder process started, and refuses while that process runs", async () => {
    const lock = acquireDataDirLock(dataDir, "server");
    expect(readLock(dataDir).processStart).toMatch(/^\d+$/);
    expect(readLock(dataDir).processStart).toBe(processStartTime(process.pid));
    lock.release();

    const child = await spawnHolder();
    children.push(child);
    const start = processStartTime(child.pid as number);
    expect(start).toMatch(/^\d+$/);
    const holder: LockInfo = {
      pid: child.pid as number,
      holder: "server",
      startedAt: new Date().toISOString(),
      processStart: start,
    };
    writeLock(dataDir, holder);
    expect(readLiveLock(dataDir)).toEqual(holder);
    expect(() => acquireDataDirLock(dataDir, "server")).toThrow(DataDirLockedError);
  });

  it("takes over a lock whose pid now belongs to another process (another start time)", async () => {
    // A live node process with the lock's pid, but not the one that wrote it: the pid was reused.
    const child = await spawnHolder();
    children.push(child);
    const start = Number(processStartTime(child.pid as number));
    writeLock(dataDir, {
      pid: child.pid as number,
      holder: "server",
      startedAt: "2020-01-01T00:00:00.000Z",
      processStart: String(start - 1),
    });
    expect(readLiveLock(dataDir)).toBeUndefined();
    const lock = acquireDataDirLock(dataDir, "server");
    expect(readLock(dataDir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a corrupt lock file left by a crash", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFilePath(dataDir), "{not json");
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFilePath(dataDir), minuteAgo, minuteAgo);
    const lock = acquireDataDirLock(dataDir, "server");
    expect(readLock(dataDir).pid).toBe(process.pid);
    lock.release();
  });

  it("does not remove a lock that another process has taken since", async () => {
    const lock = acquireDataDirLock(dataDir, "server");
    const child = await spawnHolder();
    children.push(child);
    const other: LockInfo = {
      pid: child.pid as number,
      holder: "server",
      startedAt: new Date().toISOString(),
    };
    writeLock(dataDir, other);
    lock.release();
    expect(readLock(dataDir)).toEqual(other);
  });
});

describe("taking over a stale lock when several start at once", () => {
  it("lets exactly one of many racing takers hold the directory", async () => {
    const { spawn } = await import("node:child_process");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-race-"));
    try {
      // A lock left by a process that no longer exists.
      fs.writeFileSync(
        path.join(dir, "server.lock"),
        JSON.stringify({ pid: 999_999, holder: "server", startedAt: new Date().toISOString() }),
      );
      // The children are plain node processes: give them the module compiled to JavaScript.
      const { transformWithOxc } = await import("vite");
      const source = fs.readFileSync(path.resolve("app/lib/data-dir-lock.server.ts"), "utf8");
      const compiled = await transformWithOxc(source, "lock.ts", { lang: "ts" });
      const lockModule = path.join(dir, "lock.mjs");
      fs.writeFileSync(lockModule, compiled.code);
      // Each child tries to take the lock at the same moment and reports, then holds it a while.
      const script = `
        const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
        const start = Number(process.argv[1]);
        while (Date.now() < start) {}
        try { acquireDataDirLock(${JSON.stringify(dir)}, "server"); console.log("won"); }
        catch { console.log("lost"); }
        setTimeout(() => {}, 1500);
      `;
      const start = Date.now() + 1500;
      const runs = Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(
              process.execPath,
              ["--input-type=module", "-e", script, String(start)],
              { stdio: ["ignore", "pipe", "inherit"] },
            );
            let out = "";
            child.stdout.on("data", (chunk) => {
              out += chunk;
            });
            child.on("exit", () => resolve(out.trim()));
          }),
      );
      const results = await Promise.all(runs);
      expect(results.filter((r) => r === "won")).toHaveLength(1);
      expect(results.filter((r) => r === "lost")).toHaveLength(5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
