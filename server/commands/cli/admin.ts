import type { StaffRole } from "~/auth/roles";
import { loadEnv } from "~/env.server";
import { AdminAccountInputError } from "~/models/admin-account.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";
import { CliError, runCommand } from "../runner";
import { err, failureMessage, out, readArguments } from "./print";

const USAGE = `Usage: ADMIN_PASSWORD=<password> npm run admin -- create --email <address> [--role admin|editor]

Creates a verified admin account (--role editor: an editor), or gives an existing account that
role and sets its password. Works whether or not the server is running.`;

/** The new account's address and password, checked before anything runs. */
function accountInput(email: string | undefined, password: string | undefined) {
  const parsed = adminAccountSchema.safeParse({ email: email ?? "", password: password ?? "" });
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  if (errors.email) throw new CliError(`--email: ${errors.email}`);
  throw new CliError(
    password
      ? `ADMIN_PASSWORD: ${errors.password}`
      : "Set ADMIN_PASSWORD to the new admin's password.",
  );
}

/** `npm run admin -- …`; returns the exit code. */
export async function runAdminCli(argv: string[]): Promise<number> {
  const parsed = readArguments(
    argv,
    USAGE,
    { email: { type: "string" }, role: { type: "string" } },
    ({ values, positionals }) => {
      if (positionals[0] !== "create" || positionals.length !== 1) {
        throw new CliError(
          positionals[0] ? `Unknown command: ${positionals.join(" ")}` : "No command given.",
        );
      }
      const role = values.role ?? "admin";
      if (role !== "admin" && role !== "editor") {
        throw new CliError("--role: choose admin or editor.");
      }
      return { email: values.email, role: role as StaffRole };
    },
  );
  if ("exitCode" in parsed) return parsed.exitCode;

  try {
    const env = loadEnv();
    const account = accountInput(parsed.args.email, process.env.ADMIN_PASSWORD);
    const result = await runCommand(env, "admin", { ...account, role: parsed.args.role });
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
    err(failureMessage(error, "The admin command failed", [AdminAccountInputError]));
    return 1;
  }
}
