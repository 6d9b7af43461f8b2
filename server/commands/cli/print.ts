import { type ParseArgsConfig, parseArgs } from "node:util";
import { EnvError } from "~/env.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import { CliError } from "../runner";

/** What the commands print: a line to standard output, or to standard error. */
export const out = (line: string) => process.stdout.write(`${line}\n`);
export const err = (line: string) => process.stderr.write(`${line}\n`);

type Options = NonNullable<ParseArgsConfig["options"]>;

const HELP = { help: { type: "boolean", short: "h" } } as const;

type Arguments<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & typeof HELP; allowPositionals: true }>
>;

/**
 * The command's arguments (with -h/--help) read by `read`: the usage is printed instead, with
 * exit code 0 for --help, and with the reason before it and exit code 1 when parseArgs or `read`
 * refuses them (`read` throws a CliError).
 */
export function readArguments<O extends Options, R>(
  argv: string[],
  usage: string,
  options: O,
  read: (args: Arguments<O>) => R,
): { args: R } | { exitCode: number } {
  try {
    const args = parseArgs({
      args: argv,
      options: { ...options, ...HELP },
      allowPositionals: true,
    });
    if ((args.values as { help?: boolean }).help) {
      out(usage);
      return { exitCode: 0 };
    }
    return { args: read(args as Arguments<O>) };
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`);
    return { exitCode: 1 };
  }
}

/**
 * The message of a failure the person can act on, as it is (the command's own explanations, a
 * bad setting, a busy data directory, and the `known` ones); anything else after `prefix`.
 */
export function failureMessage(
  error: unknown,
  prefix: string,
  known: (new (...args: never[]) => Error)[] = [],
): string {
  const message = (error as Error).message;
  return [CliError, EnvError, DataDirLockedError, ...known].some((kind) => error instanceof kind)
    ? message
    : `${prefix}: ${message}`;
}

/**
 * A progress line on `stream`: rewritten in place on a terminal (`update`), one line each
 * otherwise; `print` writes a line that stays, `end` finishes the line shown in place.
 */
export function progressLine(stream: NodeJS.WriteStream) {
  let shown = false;
  const print = (line: string) => {
    stream.write(`${shown ? "\n" : ""}${line}\n`);
    shown = false;
  };
  return {
    update(line: string) {
      if (!stream.isTTY) return print(line);
      stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 100) - 1)}`);
      shown = true;
    },
    print,
    end() {
      if (shown) stream.write("\n");
      shown = false;
    },
  };
}
