// This machine's nginx serving static files: the ceiling for what any HTTP answer can cost here.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server.js";

/** NGINX_PATH when set, else nginx on PATH or in /usr/sbin; null when there is none. */
export function findNginx() {
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : ["nginx", "/usr/sbin/nginx"];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ["-v"], { stdio: "pipe" });
    if (probe.status === 0) return { bin: candidate, version: String(probe.stderr).trim() };
  }
  return null;
}

/** Debian's module for precompressed brotli files (package libnginx-mod-http-brotli-static). */
const BROTLI_STATIC_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/**
 * Starts nginx unprivileged on a free loopback port with a generated configuration in a temp
 * directory, serving `files` ({ name, bytes }) at `/<name>`. With `workers` worker processes
 * (the issue's comparison uses 2, one per core here) and no compression of its own: a file
 * named `x.gz` or `x.br` beside `x` is what it sends for `/x` to a client that accepts that
 * encoding (gzip_static, and brotli_static when Debian's module is installed: `brotli` says
 * whether it is), the very bytes a server that compresses once sends. Resolves to null when
 * nginx is not installed.
 */
export async function startNginx(files, { workers = 1 } = {}) {
  const nginx = findNginx();
  if (!nginx) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  // nginx's workers drop to an unprivileged user when started as root: they must be able to read.
  fs.chmodSync(dir, 0o755);
  const site = path.join(dir, "site");
  fs.mkdirSync(site, { mode: 0o755 });
  for (const file of files) {
    fs.writeFileSync(path.join(site, file.name), file.bytes, { mode: 0o644 });
  }
  for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(dir, temp));
  }
  const port = await freePort();
  const mimeTypes = fs.existsSync("/etc/nginx/mime.types")
    ? "include /etc/nginx/mime.types;"
    : "types { text/css css; text/javascript js; text/html html; }";
  const brotli = fs.existsSync(BROTLI_STATIC_MODULE);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${brotli ? `load_module ${BROTLI_STATIC_MODULE};` : ""}
worker_processes ${workers};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  ${mimeTypes}
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  ${brotli ? "brotli_static on;" : ""}
  client_body_temp_path ${path.join(dir, "client_body")};
  proxy_temp_path ${path.join(dir, "proxy")};
  fastcgi_temp_path ${path.join(dir, "fastcgi")};
  uwsgi_temp_path ${path.join(dir, "uwsgi")};
  scgi_temp_path ${path.join(dir, "scgi")};
  server {
    listen 127.0.0.1:${port};
    root ${site};
  }
}
`,
  );
  const child = spawn(
    nginx.bin,
    [
      "-p",
      dir,
      "-c",
      path.join(dir, "nginx.conf"),
      "-e",
      path.join(dir, "error.log"),
      "-g",
      `daemon off; pid ${path.join(dir, "nginx.pid")};`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/${files[0].name}`;
  const readLog = () => {
    try {
      return fs.readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      cleanUp();
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}${readLog()}`);
    }
    let status = "no answer";
    try {
      const response = await fetch(url);
      if (response.ok) break;
      status = response.status;
    } catch {}
    if (Date.now() > deadline) {
      // SIGTERM, not SIGKILL: a killed master would leave its worker running, holding the port.
      child.kill("SIGTERM");
      await exited;
      cleanUp();
      throw new Error(
        `nginx did not serve the file within 10 s (${status}):\n${output}${readLog()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: base,
    brotli,
    version: nginx.version,
    stop: async () => {
      // SIGQUIT: nginx's graceful shutdown.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      cleanUp();
    },
  };
}
