import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: a second process on the same data directory silently
 * loses writes. Whoever opens the embedded database first holds this lock file until it exits.
 */

export interface LockInfo {
  pid: number;
  holder: "server" | "admin-command";
  startedAt: string;
  /** Where a running server takes admin commands (loopback only). */
  adminUrl?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly info: LockInfo,
  ) {
    super(
      info.holder === "server"
        ? `Another server (process ${info.pid}) is already using the data directory ${path.dirname(lockFile)}. Stop it first, or give this one another DATA_DIR.`
        : `An admin command (process ${info.pid}) is using the data directory ${path.dirname(lockFile)}. Try again when it has finished.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function lockFilePath(dataDir: string) {
  return path.join(dataDir, "server.lock");
}

function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // After a reboot the pid may belong to an unrelated program: only a node process counts.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/** Reads the lock of a live holder, or undefined when the directory is free. */
export function readLiveLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(lockFilePath(dataDir), "utf8")) as LockInfo;
    return isAlive(info.pid) && info.pid !== process.pid ? info : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  update(info: Partial<LockInfo>): void;
  release(): void;
}

export function acquireDataDirLock(dataDir: string, holder: LockInfo["holder"]): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  let info: LockInfo = { pid: process.pid, holder, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx", mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          const current = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return {
        update(patch) {
          info = { ...info, ...patch };
          fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
        },
        release,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holderInfo = readLiveLock(dataDir);
      if (holderInfo) throw new DataDirLockedError(file, holderInfo);
      // A stale lock left by a process that died: remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
