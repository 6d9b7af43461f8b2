import type { Db } from "~/db/client.server";
import { enqueueSendgridMail } from "~/integrations/sendgrid.server";
import { logger } from "~/lib/logger.server";
import { getMailer, type Mailer } from "./mailer.server";

/**
 * The site's mailer (what getMailer() answers and auth sends with): each mail goes through
 * SendGrid, queued in the outbox, while SendGrid is on with an API key and a from address, and
 * by `direct` (SMTP or the mail folder) otherwise. The integration is read for each mail (mail
 * is rare), so switching SendGrid takes effect at once.
 */
export interface SiteMailer extends Mailer {
  /** The mailer under it, for mail that must not go through SendGrid (again). */
  readonly direct: Mailer;
}

export function createSiteMailer({ db, direct }: { db: Db; direct: Mailer }): SiteMailer {
  return {
    direct,
    async send(message) {
      let queued: boolean;
      try {
        queued = await enqueueSendgridMail(db, message);
      } catch (error) {
        // The database is away: the mail still goes out, the direct way.
        logger.warn(
          { err: error, subject: message.subject },
          "could not queue a mail for SendGrid; sending it directly",
        );
        queued = false;
      }
      if (!queued) await direct.send(message);
    },
    close: () => direct.close(),
  };
}

/** The process's mailer without SendGrid: SMTP or the mail folder. */
export function directMailer(): Mailer {
  const mailer = getMailer();
  return "direct" in mailer ? (mailer as SiteMailer).direct : mailer;
}
