import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/env.server";
import {
  acquireDataDirLock,
  DataDirLockedError,
  type LockInfo,
  readLiveLock,
} from "~/lib/data-dir-lock.server";
import { COMMAND_TOKEN_FILE, COMMAND_TOKEN_HEADER, readNdjson } from "./protocol";
import {
  type AnyCommand,
  type CommandName,
  commands,
  type InputOf,
  type ProgressOf,
  parseCommandInput,
  type ResultOf,
} from "./registry";

/** A failure the command explains to the person who ran it (no stack trace). */
export class CliError extends Error {}

/** The running server's command endpoint: where, and the token it wrote into DATA_DIR. */
interface ServerEndpoint {
  url: string;
  pid: number;
  headers: Record<string, string>;
}

/** fetch() to the running server, turning a refused connection into a message that says so. */
async function callServer(
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
  const token = fs.readFileSync(path.join(env.DATA_DIR, COMMAND_TOKEN_FILE), "utf8").trim();
  return { url: info.adminUrl, pid: info.pid, headers: { [COMMAND_TOKEN_HEADER]: token } };
}

/**
 * The command run by the running server: its input posted to the command's route, each progress
 * line the server streams back handed to `onProgress`, its result returned; an error line is
 * thrown as a CliError with the server's message.
 */
async function throughServer(
  server: ServerEndpoint,
  command: AnyCommand & { route: string },
  input: unknown,
  onProgress: (progress: unknown) => void,
): Promise<unknown> {
  const response = await callServer(server, command.route, input);
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new CliError(answer.error ?? `The server answered ${response.status}`);
  }
  for await (const line of readNdjson(response.body)) {
    if (line.type === "error") throw new CliError(line.error);
    if (line.type === "progress") onProgress(line.progress);
    else if (line.type === "result") return line.result;
  }
  throw new CliError(
    command.unfinished ?? "The server stopped before it finished; run the command again.",
  );
}

/** The command run by this process, on the database it opens (and closes) itself. */
async function directly(env: Env, work: () => Promise<unknown>): Promise<unknown> {
  // Imported here so that a command sent to a running server never opens the database.
  const { openServices } = await import("../services");
  const services = await openServices(env);
  try {
    return await work();
  } finally {
    await services.close();
  }
}

/**
 * Runs a command's work on the database: directly on PostgreSQL (any number of processes may),
 * and on the embedded database either directly, holding its lock, or through the running server
 * that holds it (a second process on PGlite's files would silently lose writes).
 */
async function withDatabase(
  env: Env,
  work: {
    direct: () => Promise<unknown>;
    viaServer: (server: ServerEndpoint) => Promise<unknown>;
  },
): Promise<unknown> {
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

/**
 * Runs the command `name` for the command line: through the running server when it holds the
 * embedded database, directly otherwise. A command without a route (restore) holds the data
 * directory itself, and a running server makes it throw DataDirLockedError.
 */
export async function runCommand<N extends CommandName>(
  env: Env,
  name: N,
  input: InputOf<N>,
  onProgress: (progress: ProgressOf<N>) => void = () => {},
): Promise<ResultOf<N>> {
  const command: AnyCommand = commands[name];
  const run = async () => {
    const parsed = parseCommandInput(command, input);
    if (!parsed.ok) throw new CliError(parsed.error);
    return command.run(parsed.input, onProgress);
  };
  const { route } = command;
  if (!route) {
    const lock = acquireDataDirLock(env.DATA_DIR, "admin-command");
    try {
      return (await run()) as ResultOf<N>;
    } finally {
      lock.release();
    }
  }
  return (await withDatabase(env, {
    direct: run,
    viaServer: (server) =>
      throughServer(server, { ...command, route }, input, onProgress as (p: unknown) => void),
  })) as ResultOf<N>;
}
