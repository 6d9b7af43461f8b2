import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { logger } from "~/lib/logger.server";
import { serviceSlot } from "~/lib/service-slot.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The sender's display name for this mail (a campaign's "from name"); the address stays MAIL_FROM's. */
  fromName?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** How it sends, when it is one of createMailer's: over SMTP, or as files in the mail folder. */
  readonly via?: "smtp" | "folder";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The connections a pooled mailer keeps open to the SMTP server at most. */
const POOL_CONNECTIONS = 5;

/** The address part of a From line ("Site <no-reply@example.com>" → no-reply@example.com). */
function addressOf(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** nodemailer's fields for `message`: From is the site's, under the message's display name if any. */
function mailFields(from: string, { fromName, ...message }: MailMessage) {
  return { from: fromName ? { name: fromName, address: addressOf(from) } : from, ...message };
}

/**
 * Sends over SMTP when a URL is given; otherwise writes each mail as an .eml file and logs its
 * links. With `pool` (a newsletter's thousands of mails), SMTP connections are kept open and
 * reused, a few at once, instead of one connection per mail; such a mailer logs no line per mail.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  pool?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = options.pool
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: POOL_CONNECTIONS,
        })
      : nodemailer.createTransport(options.smtpUrl);
    return {
      via: "smtp",
      async send(message) {
        await transport.sendMail(mailFields(options.from, message));
        if (!options.pool) logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    via: "folder",
    async send(message) {
      const info = await transport.sendMail(mailFields(options.from, message));
      await fs.mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.mailDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // No SMTP server is configured (a local or test setup): the links are how to follow the mail.
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "mail written");
    },
    close: () => transport.close(),
  };
}

/**
 * Sends without making the request wait: an SMTP hiccup must not fail a visitor's form, and
 * answer times must not reveal what was sent. A failure is logged.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage) {
  mailer.send(message).catch((error) => {
    logger.error({ err: error, subject: message.subject }, "could not send mail");
  });
}

const mailerSlot = serviceSlot<Mailer>("The mailer");
export const setMailer = mailerSlot.set;
export const getMailer = mailerSlot.get;
