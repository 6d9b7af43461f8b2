import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then waits for the exit code. */
  stop: () => Promise<number | null>;
}

/** The discard port: nothing listens there on a test machine, so a call is refused at once. */
const CLOSED_PORT_URL = "http://127.0.0.1:9";

export function serverEnv(
  dataDir: string,
  port: number | undefined,
  extra: NodeJS.ProcessEnv = {},
) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Tests never call a real vendor: unless a test points one at its fake, a vendor's API is a
    // closed local port (and without ALLOW_PRIVATE_OUTBOUND not even that is called).
    SENDGRID_API_URL: CLOSED_PORT_URL,
    TWILIO_API_URL: CLOSED_PORT_URL,
    CLOUDFLARE_API_URL: CLOSED_PORT_URL,
    OPENAI_API_URL: CLOSED_PORT_URL,
    GOOGLE_ANALYTICS_API_URL: CLOSED_PORT_URL,
    // The newsletter's sender check asks a closed port, never the real DNS.
    DNS_SERVERS: "127.0.0.1:9",
    ...extra,
  };
  if (port === undefined) delete env.PORT;
  else env.PORT = String(port);
  // The e2e server always uses its own embedded database unless a test asks otherwise.
  if (!("DATABASE_URL" in extra)) delete env.DATABASE_URL;
  return env;
}

/**
 * Makes a data directory template: a server's first start on an empty directory (PGlite's initdb,
 * the migrations, the seeded defaults), stopped again. A server started on a copy of its database
 * (startServer's `template`) skips that work, about two thirds of a first start's CPU time; each
 * copy still gets its own session secret and media.
 */
export async function makeDataTemplate(dir: string): Promise<string> {
  // initdb makes a first start the slowest one: more time than startServer's default.
  const server = await startServer({ dataDir: dir, readyWithinMs: 180_000 });
  const code = await server.stop();
  if (code !== 0)
    throw new Error(`the template's server stopped with ${code}:\n${server.output()}`);
  return dir;
}

/** Starts `node server.js` (the production build) and waits until /readyz answers. */
export async function startServer(options: {
  dataDir: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** A makeDataTemplate directory whose database a data directory without one starts from. */
  template?: string;
  /** How long /readyz may take to answer (60 s unless told). */
  readyWithinMs?: number;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  fs.mkdirSync(options.dataDir, { recursive: true });
  const db = path.join(options.dataDir, "db");
  if (options.template && !fs.existsSync(db)) {
    fs.cpSync(path.join(options.template, "db"), db, { recursive: true });
  }
  const child = spawn(process.execPath, ["server.js"], {
    cwd: projectRoot,
    env: serverEnv(options.dataDir, port, options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://localhost:${port}`;

  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server was not ready within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir: options.dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs a node script of the project to completion. */
export function runNode(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export function runAdminCommand(dataDir: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  return runNode(["scripts/admin.js", ...args], serverEnv(dataDir, undefined, extra));
}
