// This machine's nginx serving one static file: the ceiling for what any HTTP answer can cost here.
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

/**
 * Starts nginx unprivileged on a free loopback port with a generated configuration in a temp
 * directory, serving a copy of `file` at `/<its name>`. One worker process, like the single Node
 * process it is compared with; no compression (the file goes out as stored). A file that is
 * already compressed is sent with `contentEncoding` as its Content-Encoding (the same bytes a
 * server that compresses once would send). Resolves to null when nginx is not installed.
 */
export async function startNginx(file, { contentEncoding } = {}) {
  const nginx = findNginx();
  if (!nginx) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  // nginx's workers drop to an unprivileged user when started as root: they must be able to read.
  fs.chmodSync(dir, 0o755);
  const site = path.join(dir, "site");
  fs.mkdirSync(site, { mode: 0o755 });
  fs.copyFileSync(file, path.join(site, path.basename(file)));
  fs.chmodSync(path.join(site, path.basename(file)), 0o644);
  for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(dir, temp));
  }
  const port = await freePort();
  const mimeTypes = fs.existsSync("/etc/nginx/mime.types")
    ? "include /etc/nginx/mime.types;"
    : "types { text/css css; text/javascript js; }";
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  ${mimeTypes}
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${path.join(dir, "client_body")};
  proxy_temp_path ${path.join(dir, "proxy")};
  fastcgi_temp_path ${path.join(dir, "fastcgi")};
  uwsgi_temp_path ${path.join(dir, "uwsgi")};
  scgi_temp_path ${path.join(dir, "scgi")};
  server {
    listen 127.0.0.1:${port};
    root ${site};
    location / {
      add_header Cache-Control "public, max-age=31536000, immutable";
      ${contentEncoding ? `add_header Content-Encoding ${contentEncoding};` : ""}
    }
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
  const url = `http://127.0.0.1:${port}/${path.basename(file)}`;
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
    url,
    version: nginx.version,
    stop: async () => {
      // SIGQUIT: nginx's graceful shutdown.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      cleanUp();
    },
  };
}
