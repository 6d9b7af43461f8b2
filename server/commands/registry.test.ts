import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandRouter } from "./endpoint";
import { COMMAND_TOKEN_HEADER } from "./protocol";
import { commands, parseCommandInput } from "./registry";

describe("the command registry", () => {
  it("refuses input its schema does not take, saying why", () => {
    const refused = (name: keyof typeof commands, body: unknown) =>
      parseCommandInput(commands[name], body);
    expect(refused("admin", { email: "not-an-email", password: "long enough" })).toEqual({
      ok: false,
      error: "Email: Enter a valid email address",
    });
    expect(refused("admin", { email: "a@example.com", password: "short" })).toEqual({
      ok: false,
      error: "ADMIN_PASSWORD: Password must be at least 6 characters",
    });
    expect(
      refused("admin", { email: "a@example.com", password: "long enough", role: "owner" }),
    ).toEqual({ ok: false, error: "Role: choose admin or editor." });
    for (const body of [{}, { out: "relative/site.tar.gz" }, { out: 7 }]) {
      expect(refused("backup", body)).toEqual({
        ok: false,
        error: "Name the archive to write (an absolute path).",
      });
    }
    for (const body of [{}, { from: "/export", oldMediaUrlPrefixes: [3] }]) {
      expect(refused("import", body)).toEqual({ ok: false, error: "Name the export folder." });
    }
    expect(refused("restore", { archive: "site.tar.gz", force: false, unsigned: false })).toEqual({
      ok: false,
      error: "Name one archive to restore.",
    });
    expect(refused("mediaReprocess", [])).toMatchObject({ ok: false });
  });

  it("takes good input, with the defaults filled in", () => {
    expect(
      parseCommandInput(commands.admin, { email: " A@Example.com ", password: "long enough" }),
    ).toEqual({
      ok: true,
      input: { email: "a@example.com", password: "long enough", role: "admin" },
    });
    expect(parseCommandInput(commands.import, { from: "/export" })).toEqual({
      ok: true,
      input: { from: "/export", oldMediaUrlPrefixes: [] },
    });
    expect(parseCommandInput(commands.backup, { out: "/backups/site.tar.gz" })).toEqual({
      ok: true,
      input: { out: "/backups/site.tar.gz" },
    });
    expect(parseCommandInput(commands.mediaReprocess, undefined)).toEqual({ ok: true, input: {} });
  });

  it("gives every command but restore a route of its own", () => {
    const routes = Object.values(commands).map((command) => command.route);
    expect(routes).toEqual(["/create", "/backup", undefined, "/import", "/media/reprocess"]);
  });
});

describe("the command endpoint", () => {
  const token = "the-token";
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.use("/internal/admin", commandRouter(token));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/admin`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", [COMMAND_TOKEN_HEADER]: token, ...headers },
      body: JSON.stringify(body),
    });

  it("answers 401 without the token, or with another", async () => {
    const wrong = await post("/backup", { out: "/tmp/x.tar.gz" }, { [COMMAND_TOKEN_HEADER]: "no" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Missing or wrong admin command token" });
    const none = await fetch(`${url}/create`, { method: "POST" });
    expect(none.status).toBe(401);
  });

  it("refuses input the command's schema refuses with 400 and the reason, running nothing", async () => {
    const backup = await post("/backup", { out: "site.tar.gz" });
    expect(backup.status).toBe(400);
    expect(await backup.json()).toEqual({ error: "Name the archive to write (an absolute path)." });
    const admin = await post("/create", { email: "a@example.com", password: "x" });
    expect(admin.status).toBe(400);
    expect(await admin.json()).toEqual({
      error: "ADMIN_PASSWORD: Password must be at least 6 characters",
    });
    const importing = await post("/import", { oldMediaUrlPrefixes: [] });
    expect(importing.status).toBe(400);
    expect(await importing.json()).toEqual({ error: "Name the export folder." });
  });

  it("has no route for restore, which runs with the server stopped", async () => {
    expect((await post("/restore", { archive: "/tmp/x.tar.gz" })).status).toBe(404);
  });
});
