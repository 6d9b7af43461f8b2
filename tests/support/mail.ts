import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part of a multipart mail (a newsletter campaign's), when it has one. */
  html?: string;
  links: string[];
  /** Every header, by its lower-cased name (folded lines unfolded). */
  headers: Map<string, string>;
}

/** Waits for the newest mail to `to` in DATA_DIR/mail (the dev mail folder) and parses it. */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const parsed = parseEml(fs.readFileSync(path.join(dir, file), "utf8"));
      if (parsed.to.toLowerCase().includes(to.toLowerCase()) && subject.test(parsed.subject)) {
        return { ...parsed, to, links: parsed.text.match(/https?:\/\/\S+/g) ?? [] };
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Enough of RFC 5322 for the mails this app writes (nodemailer's output): plain text, or
 * multipart/alternative with a text and an HTML part (a newsletter campaign's).
 */
export function parseEml(raw: string): {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers: Map<string, string>;
} {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = rest.join("\n\n");
  const boundary = /^multipart\/[\w-]+;.*boundary="?([^";]+)"?/i.exec(
    headers.get("content-type") ?? "",
  )?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .map((part) => parseEml(part.replace(/^\r?\n/, "")));
    const of = (type: string) =>
      parts.find((part) => part.headers.get("content-type")?.startsWith(type));
    return {
      to: headers.get("to") ?? "",
      subject: headers.get("subject") ?? "",
      text: of("text/plain")?.text ?? "",
      html: of("text/html")?.text,
      headers,
    };
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    body = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return {
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "",
    text: body.replace(/\r\n/g, "\n"),
    headers,
  };
}

/** Every mail to `to` whose subject matches, oldest first (for "sent exactly once" checks). */
export function mailsTo(dataDir: string, to: string, subject: RegExp) {
  const dir = path.join(dataDir, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files
    .map((file) => parseEml(fs.readFileSync(path.join(dir, file), "utf8")))
    .filter(
      (mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject),
    );
}

/** A local SMTP server (the `smtp-server` package) that keeps every mail it is given. */
export interface SmtpSink {
  /** The address to give the app as SMTP_URL. */
  url: string;
  /** Waits for the newest mail to `to` whose subject matches. */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every mail to `to` whose subject matches, oldest first. */
  mailsTo(to: string, subject: RegExp): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const parsed = parseEml(Buffer.concat(chunks).toString("utf8"));
        received.push({ ...parsed, links: parsed.text.match(/https?:\/\/\S+/g) ?? [] });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const matching = (to: string, subject: RegExp) =>
    received.filter(
      (mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailsTo: matching,
    async waitForMail(to, subject, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = matching(to, subject).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
