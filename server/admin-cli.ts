import { parseArgs } from "node:util";
import { getAuth } from "~/auth/auth.server";
import type { StaffRole } from "~/auth/roles";
import { getDb } from "~/db/client.server";
import { type Env, EnvError, loadEnv } from "~/env.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";
import { CliError, callServer, type ServerEndpoint, withDatabase } from "./cli-database";

const USAGE = `Usage: ADMIN_PASSWORD=<password> npm run admin -- create --email <address> [--role admin|editor]

Creates a verified admin account (--role editor: an editor), or gives an existing account that
role and sets its password. Works whether or not the server is running.`;

type Result = {
  email: string;
  created: boolean;
  role: StaffRole;
  twoFactorTurnedOff?: boolean;
  passkeysRemoved?: number;
};

async function viaRunningServer(server: ServerEndpoint, input: unknown): Promise<Result> {
  const response = await callServer(server, "/create", input);
  const body = (await response.json().catch(() => ({}))) as Partial<Result> & { error?: string };
  if (!response.ok) throw new CliError(body.error ?? `The server answered ${response.status}`);
  return body as Result;
}

async function createAdmin(
  env: Env,
  email: string | undefined,
  password: string | undefined,
  role: StaffRole,
) {
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
  const input = { email: parsed.data.email, password: parsed.data.password, role };
  return withDatabase(env, {
    direct: () => createOrPromoteAdmin(getAuth(), getDb(), input),
    viaServer: (server) => viaRunningServer(server, input),
  });
}

/** `npm run admin -- …`; returns the exit code. */
export async function runAdminCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let values: { email?: string; role?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
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

  const role = values.role ?? "admin";
  if (role !== "admin" && role !== "editor") {
    err(`--role: choose admin or editor.\n\n${USAGE}`);
    return 1;
  }

  try {
    const env = loadEnv();
    const result = await createAdmin(env, values.email, process.env.ADMIN_PASSWORD, role);
    const article = result.role === "admin" ? "an admin" : "an editor";
    out(
      result.created
        ? `Created the ${result.role} account ${result.email}.`
        : `${result.email} is now ${article}; its password has been set and its email marked verified.`,
    );
    if (result.twoFactorTurnedOff) {
      out(
        "Two-factor sign-in was turned off for this account; turn it on again under Account security.",
      );
    }
    if (result.passkeysRemoved) {
      out(`Removed ${result.passkeysRemoved} passkey(s) of this account.`);
    }
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
