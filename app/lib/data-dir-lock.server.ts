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
  /**
   * When the holder process started, as the kernel counts it (field 22 of /proc/<pid>/stat,
   * clock ticks since boot): a pid is reused, this pair is not. Absent on systems without /proc
   * and in lock files written before it was recorded.
   */
  processStart?: string;
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
        ? `Another server (process ${info.pid}) is already using the data directory ${path.dirname(lockFile)}. Stop it first, or give this one another DATA_DIR. (If no server is running, delete ${lockFile}.)`
        : `An admin command (process ${info.pid}) is using the data directory ${path.dirname(lockFile)}. Try again when it has finished.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function lockFilePath(dataDir: string) {
  return path.join(dataDir, "server.lock");
}

/** The start time of process `pid` (field 22 of /proc/<pid>/stat), or undefined without /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2 is the command in parentheses and may hold spaces and parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (the state), so field 22 is fields[19].
    const start = fields[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(info: Pick<LockInfo, "pid" | "processStart">) {
  const { pid } = info;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // The pid may have been reused (after a reboot, or a crash long ago) by another process:
  // one that started at another time is not the holder.
  if (info.processStart !== undefined) {
    const start = processStartTime(pid);
    if (start !== undefined) return start === info.processStart;
  }
  // Without a start time to compare (an older lock file): only a node process counts.
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
    return isAlive(info) && info.pid !== process.pid ? info : undefined;
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
  let info: LockInfo = {
    pid: process.pid,
    holder,
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
  };

  for (let attempt = 0; attempt < 500; attempt++) {
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
      clearStaleLock(file);
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a dead holder's lock. Only the holder of a short-lived guard file may remove a lock, and
 * it checks again under the guard; a live lock can only be created, never replaced, so what it
 * removes is the dead lock it checked. A guard left by a process that crashed expires after 10 s.
 */
function clearStaleLock(file: string) {
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, String(process.pid), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > 10_000) fs.rmSync(guard, { force: true });
    } catch {
      // Gone already.
    }
    sleepSync(20);
    return;
  }
  try {
    let stat: fs.Stats;
    let raw: string;
    try {
      stat = fs.statSync(file);
      raw = fs.readFileSync(file, "utf8");
    } catch {
      return;
    }
    let info: LockInfo | undefined;
    try {
      info = JSON.parse(raw) as LockInfo;
    } catch {
      // Unreadable: either left half-written by a crash, or being written right now.
      if (Date.now() - stat.mtimeMs > 2_000) fs.rmSync(file, { force: true });
      return;
    }
    if (!isAlive(info) || info.pid === process.pid) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}
