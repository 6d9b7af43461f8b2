import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Env, EnvError, loadEnv } from "~/env.server";
import {
  acquireDataDirLock,
  DataDirLockedError,
  type LockInfo,
  readLiveLock,
} from "~/lib/data-dir-lock.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";
import { ADMIN_TOKEN_HEADER } from "./admin-endpoint";

const USAGE = `Usage: ADMIN_PASSWORD=<password> npm run admin -- create --email <address>

Creates a verified admin account, or makes an existing account an admin and sets its password.
Works whether or not the server is running.`;

class CliError extends Error {}

type Result = { email: string; created: boolean };

async function viaRunningServer(env: Env, info: LockInfo, input: unknown): Promise<Result> {
  const token = fs.readFileSync(path.join(env.DATA_DIR, "admin-command.token"), "utf8").trim();
  let response: globalThis.Response;
  try {
    response = await fetch(`${info.adminUrl}/create`, {
      method: "POST",
      headers: { "content-type": "application/json", [ADMIN_TOKEN_HEADER]: token },
      body: JSON.stringify(input),
    });
  } catch (error) {
    throw new CliError(
      `The server (process ${info.pid}) holds the data directory but does not answer at ${info.adminUrl}: ${(error as Error).message}`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as Partial<Result> & { error?: string };
  if (!response.ok) throw new CliError(body.error ?? `The server answered ${response.status}`);
  return body as Result;
}

async function directly(env: Env, input: { email: string; password: string }): Promise<Result> {
  // Imported here so that a command sent to a running server never loads the database code.
  const { openServices } = await import("./app");
  const services = await openServices(env);
  try {
    return await createOrPromoteAdmin(services.auth, services.database.db, input);
  } finally {
    await services.close();
  }
}

async function createAdmin(env: Env, email: string | undefined, password: string | undefined) {
  const parsed = adminAccountSchema.safeParse({ email: email ?? "", password: password ?? "" });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.email) throw new CliError(`--email: ${errors.email}`);
    throw new CliError(
      password
        ? `ADMIN_PASSWORD: ${errors.password}`
        : "Set ADMIN_PASSWORD to the new admin's password.",
    );
  }
  const input = { email: parsed.data.email, password: parsed.data.password };
  if (env.DATABASE_URL) return directly(env, input);

  // Wait a little for another admin command; go through the server when one runs.
  for (let attempt = 0; attempt < 20; attempt++) {
    const holder = readLiveLock(env.DATA_DIR);
    if (holder?.holder === "server" && holder.adminUrl) return viaRunningServer(env, holder, input);
    if (!holder) {
      let lock: ReturnType<typeof acquireDataDirLock> | undefined;
      try {
        lock = acquireDataDirLock(env.DATA_DIR, "admin-command");
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
      }
      if (lock) {
        try {
          return await directly(env, input);
        } finally {
          lock.release();
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new CliError("The data directory stayed busy; try again in a moment.");
}

/** `npm run admin -- …`; returns the exit code. */
export async function runAdminCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let values: { email?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { email: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    }));
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (positionals[0] !== "create" || positionals.length !== 1) {
    err(
      `${positionals[0] ? `Unknown command: ${positionals.join(" ")}` : "No command given."}\n\n${USAGE}`,
    );
    return 1;
  }

  try {
    const env = loadEnv();
    const result = await createAdmin(env, values.email, process.env.ADMIN_PASSWORD);
    out(
      result.created
        ? `Created the admin account ${result.email}.`
        : `${result.email} is now an admin; its password has been set and its email marked verified.`,
    );
    return 0;
  } catch (error) {
    if (
      error instanceof CliError ||
      error instanceof AdminAccountInputError ||
      error instanceof EnvError ||
      error instanceof DataDirLockedError
    ) {
      err(error.message);
      return 1;
    }
    err(`The admin command failed: ${(error as Error).message}`);
    return 1;
  }
}
