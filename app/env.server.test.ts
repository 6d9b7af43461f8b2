import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv, parseEnv } from "~/env.server";

function parseError(env: NodeJS.ProcessEnv): EnvError {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe("parseEnv", () => {
  it("falls back to the defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe("production");
    expect(env.LOG_LEVEL).toBe("info");
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR).toBe(path.resolve("data"));
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("makes a relative DATA_DIR absolute", () => {
    expect(parseEnv({ DATA_DIR: "some/dir" }).DATA_DIR).toBe(path.resolve("some/dir"));
    expect(parseEnv({ DATA_DIR: "/srv/site" }).DATA_DIR).toBe("/srv/site");
  });

  it("derives SITE_URL from PORT unless SITE_URL is given", () => {
    const env = parseEnv({ PORT: "8080" });
    expect(env.PORT).toBe(8080);
    expect(env.SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "8080", SITE_URL: "https://www.example.com" }).SITE_URL).toBe(
      "https://www.example.com",
    );
  });

  it("trims trailing slashes from SITE_URL", () => {
    expect(parseEnv({ SITE_URL: "https://www.example.com/" }).SITE_URL).toBe(
      "https://www.example.com",
    );
    expect(parseEnv({ SITE_URL: "https://www.example.com//" }).SITE_URL).toBe(
      "https://www.example.com",
    );
  });

  it.each(["abc", "70000", "0", "3000.5"])("refuses PORT=%s, naming PORT", (port) => {
    const error = parseError({ PORT: port });
    expect(error.message).toMatch(/PORT/);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^PORT: /);
  });

  it("names every bad setting at once", () => {
    const error = parseError({ PORT: "abc", SITE_URL: "ftp://example.com" });
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(["PORT", "SITE_URL"]);
  });

  it("accepts postgres:// and postgresql:// database URLs only", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db:5432/site" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/site",
    );
    expect(parseEnv({ DATABASE_URL: "postgresql://db/site" }).DATABASE_URL).toBe(
      "postgresql://db/site",
    );
    for (const bad of ["mysql://db/site", "db:5432/site", "not a url"]) {
      const error = parseError({ DATABASE_URL: bad });
      expect(error.message).toMatch(/DATABASE_URL: must be a URL such as postgres:\/\//);
    }
  });

  it("refuses a SITE_URL that is not http(s)", () => {
    expect(parseError({ SITE_URL: "www.example.com" }).message).toMatch(/SITE_URL/);
  });

  it("requires S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together", () => {
    const all = { S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv(all).S3_BUCKET).toBe("media");
    for (const missing of Object.keys(all)) {
      const partial: NodeJS.ProcessEnv = { ...all };
      delete partial[missing];
      const error = parseError(partial);
      expect(error.message).toMatch(
        /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
      );
    }
  });

  it("refuses S3 extras without the bucket and its keys", () => {
    for (const extra of ["S3_ENDPOINT", "S3_REGION", "S3_PUBLIC_URL"]) {
      const value = extra === "S3_REGION" ? "us-east-1" : "https://s3.example.com";
      expect(parseError({ [extra]: value }).message).toMatch(/S3_BUCKET.*must be set together/);
    }
  });

  it("keeps backups out of the media bucket, which the public reads", () => {
    const media = { S3_BUCKET: "site", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    const backups = {
      BACKUP_S3_BUCKET: "site",
      BACKUP_S3_ACCESS_KEY_ID: "id",
      BACKUP_S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseError({ ...media, ...backups }).message).toMatch(
      /BACKUP_S3_BUCKET: must not be the media bucket/,
    );
    // The same name at another endpoint (another account or provider) is another bucket.
    const elsewhere = { ...backups, BACKUP_S3_ENDPOINT: "https://backups.example.com" };
    expect(parseEnv({ ...media, ...elsewhere }).BACKUP_S3_BUCKET).toBe("site");
    expect(parseError({ BACKUP_S3_BUCKET: "private" }).message).toMatch(
      /BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together/,
    );
  });

  it("takes an age X25519 recipient for backups, and nothing else", () => {
    const recipient = "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p";
    expect(parseEnv({ BACKUP_AGE_RECIPIENT: recipient }).BACKUP_AGE_RECIPIENT).toBe(recipient);
    for (const wrong of ["AGE-SECRET-KEY-1QQQ", "ssh-ed25519 AAAA", `${recipient}x`]) {
      expect(parseError({ BACKUP_AGE_RECIPIENT: wrong }).message).toMatch(
        /BACKUP_AGE_RECIPIENT: must be an age X25519 recipient/,
      );
    }
  });

  it("takes DNS_SERVERS as IP addresses with optional ports, and nothing else", () => {
    const servers = "192.0.2.1, 127.0.0.1:5353,2001:db8::1,[2001:db8::1]:53";
    expect(parseEnv({ DNS_SERVERS: servers }).DNS_SERVERS).toBe(servers);
    for (const wrong of ["dns.example.com", "192.0.2.1:99999", "192.0.2.1;rm", "1.2.3.4,"]) {
      expect(parseError({ DNS_SERVERS: wrong }).message).toMatch(/DNS_SERVERS: must be IP/);
    }
  });

  it("treats a blank PORT, DATA_DIR, NODE_ENV or LOG_LEVEL as unset", () => {
    const env = parseEnv({ PORT: "", DATA_DIR: " ", NODE_ENV: "", LOG_LEVEL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.NODE_ENV).toBe("production");
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("takes PORT only as plain digits", () => {
    for (const port of ["0x10", "1e3", "80.5", "-1"]) {
      expect(parseError({ PORT: port }).message).toMatch(/PORT: must be a whole number/);
    }
    expect(parseEnv({ PORT: " 8080 " }).PORT).toBe(8080);
  });

  it("requires both Turnstile keys or neither", () => {
    const both = parseEnv({ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret" });
    expect(both.TURNSTILE_SITE_KEY).toBe("site");
    expect(both.TURNSTILE_SECRET_KEY).toBe("secret");
    for (const one of [{ TURNSTILE_SITE_KEY: "site" }, { TURNSTILE_SECRET_KEY: "secret" }]) {
      expect(parseError(one).message).toMatch(
        /TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together/,
      );
    }
  });

  it("takes a page cache directory only with the page cache on", () => {
    expect(parseEnv({ PAGE_CACHE_DIR: " /var/lib/site/pages " }).PAGE_CACHE_DIR).toBe(
      "/var/lib/site/pages",
    );
    expect(parseEnv({}).PAGE_CACHE_DIR).toBeUndefined();
    expect(
      parseError({ PAGE_CACHE_DIR: "/var/lib/site/pages", PAGE_CACHE_MB: "0" }).message,
    ).toMatch(/PAGE_CACHE_DIR: needs the page cache/);
  });

  it("treats empty (or blank) optional settings as unset", () => {
    const env = parseEnv({
      DATABASE_URL: "",
      SITE_URL: "",
      SESSION_SECRET: "",
      SMTP_URL: "  ",
      S3_BUCKET: "",
      S3_ACCESS_KEY_ID: "",
      S3_SECRET_ACCESS_KEY: "",
      TURNSTILE_SITE_KEY: "",
      TURNSTILE_SECRET_KEY: "",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    // One S3 value set and the others empty is still "only some set".
    expect(
      parseError({ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" }).message,
    ).toMatch(/must be set together/);
    expect(parseError({ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "" }).message).toMatch(
      /must be set together/,
    );
  });

  it("refuses a SESSION_SECRET shorter than 32 characters, naming SESSION_SECRET", () => {
    const error = parseError({ SESSION_SECRET: "x".repeat(31) });
    expect(error.message).toMatch(/SESSION_SECRET: must be at least 32 characters long/);
    expect(parseEnv({ SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
  });
});

describe("loadEnv", () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("creates DATA_DIR and keeps one generated session secret across restarts", () => {
    const dataDir = path.join(tmp, "nested", "data");
    const first = loadEnv({ DATA_DIR: dataDir });
    expect(fs.statSync(dataDir).isDirectory()).toBe(true);
    expect(first.DATA_DIR).toBe(dataDir);
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dataDir, "session-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first.SESSION_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = loadEnv({ DATA_DIR: dataDir });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it("generates a different secret for another data directory", () => {
    const a = loadEnv({ DATA_DIR: path.join(tmp, "a") });
    const b = loadEnv({ DATA_DIR: path.join(tmp, "b") });
    expect(a.SESSION_SECRET).not.toBe(b.SESSION_SECRET);
  });

  it("uses SESSION_SECRET from the environment and writes no secret file", () => {
    const secret = "s".repeat(40);
    const env = loadEnv({ DATA_DIR: tmp, SESSION_SECRET: secret });
    expect(env.SESSION_SECRET).toBe(secret);
    expect(fs.existsSync(path.join(tmp, "session-secret"))).toBe(false);
  });

  it("refuses a short SESSION_SECRET before touching the disk", () => {
    const dataDir = path.join(tmp, "data");
    expect(() => loadEnv({ DATA_DIR: dataDir, SESSION_SECRET: "too-short" })).toThrow(
      /SESSION_SECRET/,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
