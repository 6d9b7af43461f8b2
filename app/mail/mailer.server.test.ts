import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer } from "~/mail/mailer.server";

const message = {
  to: "visitor@example.com",
  subject: "Verify your email for AI Solutions",
  text: "Please confirm your email address by opening this link:\nhttp://localhost:3999/verify?t=abc",
};

describe("mailer without SMTP", () => {
  let mailDir: string;
  beforeEach(() => {
    mailDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-")), "mail");
  });
  afterEach(() => {
    fs.rmSync(path.dirname(mailDir), { recursive: true, force: true });
  });

  it("writes each mail as one .eml file with its recipient, subject and text", async () => {
    const mailer = createMailer({ from: "Site <noreply@example.com>", mailDir });
    await mailer.send(message);
    mailer.close();

    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(mailDir, files[0] as string);
    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toMatch(/^To: visitor@example\.com\r?$/m);
    expect(eml).toMatch(/^From: Site <noreply@example\.com>\r?$/m);
    expect(eml).toMatch(/^Subject: Verify your email for AI Solutions\r?$/m);
    expect(eml).toContain("http://localhost:3999/verify?t=abc");
    // Mails carry reset links: only the owner may read them.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("keeps every mail in a file of its own", async () => {
    const mailer = createMailer({ from: "noreply@example.com", mailDir });
    await Promise.all([
      mailer.send({ ...message, to: "a@example.com" }),
      mailer.send({ ...message, to: "b@example.com" }),
    ]);
    mailer.close();
    const contents = fs
      .readdirSync(mailDir)
      .map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"));
    expect(contents).toHaveLength(2);
    expect(contents.some((c) => c.includes("To: a@example.com"))).toBe(true);
    expect(contents.some((c) => c.includes("To: b@example.com"))).toBe(true);
  });
});

describe("mailer with SMTP", () => {
  let server: SMTPServer;
  let port: number;
  let received: { from: string; to: string[]; data: string }[];

  beforeEach(async () => {
    received = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the mail to the SMTP server and writes no file", async () => {
    const mailDir = path.join(os.tmpdir(), `mail-unused-${process.pid}-${Date.now()}`);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "noreply@example.com",
      mailDir,
    });
    await mailer.send(message);
    mailer.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe("noreply@example.com");
    expect(mail?.to).toEqual(["visitor@example.com"]);
    expect(mail?.data).toMatch(/^Subject: Verify your email for AI Solutions\r?$/m);
    expect(mail?.data).toContain("http://localhost:3999/verify?t=abc");
    expect(fs.existsSync(mailDir)).toBe(false);
  });

  it("rejects when the SMTP server cannot be reached", async () => {
    server.close();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "noreply@example.com",
      mailDir: os.tmpdir(),
    });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});
