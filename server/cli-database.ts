import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/env.server";
import {
  acquireDataDirLock,
  DataDirLockedError,
  type LockInfo,
  readLiveLock,
} from "~/lib/data-dir-lock.server";
import { ADMIN_TOKEN_HEADER } from "./admin-endpoint";

/** A failure the command explains to the person who ran it (no stack trace). */
export class CliError extends Error {}

/** The running server's local command endpoint: where, and the token it wrote into DATA_DIR. */
export interface ServerEndpoint {
  url: string;
  pid: number;
  headers: Record<string, string>;
}

/** fetch() to the running server, turning a refused connection into a message that says so. */
export async function callServer(
  server: ServerEndpoint,
  route: string,
  body: unknown,
): Promise<globalThis.Response> {
  try {
    return await fetch(`${server.url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...server.headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(
      `The server (process ${server.pid}) holds the data directory but does not answer at ${server.url}: ${(error as Error).message}`,
    );
  }
}

function endpointOf(env: Env, info: LockInfo & { adminUrl: string }): ServerEndpoint {
  const token = fs.readFileSync(path.join(env.DATA_DIR, "admin-command.token"), "utf8").trim();
  return { url: info.adminUrl, pid: info.pid, headers: { [ADMIN_TOKEN_HEADER]: token } };
}

async function directly<T>(env: Env, work: () => Promise<T>): Promise<T> {
  // Imported here so that a command sent to a running server never loads the database code.
  const { openServices } = await import("./app");
  const services = await openServices(env);
  try {
    return await work();
  } finally {
    await services.close();
  }
}

/**
 * A long command run by the running server: posts `body` to `path` and hands each JSON line the
 * server streams back (progress, then the result) to `onLine`; an error line is thrown as a
 * CliError with the server's message.
 */
export async function streamFromServer<L extends { type: string }>(
  server: ServerEndpoint,
  path: string,
  body: unknown,
  onLine: (line: L) => void,
): Promise<void> {
  const response = await callServer(server, path, body);
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new CliError(answer.error ?? `The server answered ${response.status}`);
  }
  let rest = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    rest += decoder.decode(chunk as Uint8Array, { stream: true });
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as L | { type: "error"; error: string };
      if (line.type === "error") throw new CliError((line as { error: string }).error);
      onLine(line as L);
    }
  }
}

/**
 * Runs a command's work on the database: directly on PostgreSQL (any number of processes may),
 * and on the embedded database either directly, holding its lock, or through the running server
 * that holds it (a second process on PGlite's files would silently lose writes).
 */
export async function withDatabase<T>(
  env: Env,
  work: { direct: () => Promise<T>; viaServer: (server: ServerEndpoint) => Promise<T> },
): Promise<T> {
  if (env.DATABASE_URL) return directly(env, work.direct);
  // Wait a little for another command; go through the server when one runs.
  for (let attempt = 0; attempt < 20; attempt++) {
    const holder = readLiveLock(env.DATA_DIR);
    if (holder?.holder === "server" && holder.adminUrl) {
      return work.viaServer(endpointOf(env, { ...holder, adminUrl: holder.adminUrl }));
    }
    if (!holder) {
      let lock: ReturnType<typeof acquireDataDirLock> | undefined;
      try {
        lock = acquireDataDirLock(env.DATA_DIR, "admin-command");
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
      }
      if (lock) {
        try {
          return await directly(env, work.direct);
        } finally {
          lock.release();
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new CliError("The data directory stayed busy; try again in a moment.");
}
