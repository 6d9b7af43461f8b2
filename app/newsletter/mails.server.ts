import type { MailMessage } from "~/mail/mailer.server";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./list-unsubscribe";
import type { NewsletterSettings } from "./settings";

/** The confirmation link of a pending subscription. */
export function confirmUrl(siteUrl: string, token: string) {
  return `${siteUrl.replace(/\/+$/, "")}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * The double opt-in mail: why it came, the link, and what to do if it was not you. Nothing to
 * sell in it, and no List-Unsubscribe: it is not a list mail, and the address is on no list yet.
 */
export function confirmationMail(options: {
  to: string;
  siteName: string;
  siteUrl: string;
  confirmToken: string;
}): MailMessage {
  return {
    to: options.to,
    subject: `Confirm your subscription to the ${options.siteName} newsletter`,
    text: [
      `This address was entered to receive the ${options.siteName} newsletter; we send it only once you confirm.`,
      "",
      "Confirm your subscription:",
      confirmUrl(options.siteUrl, options.confirmToken),
      "",
      "If this wasn't you, ignore this mail: you will not be subscribed and we will not write again.",
    ].join("\n"),
  };
}

/**
 * The welcome mail, with the staff's subject and text (plain text only), and under it the
 * subscriber's unsubscribe link; it carries the List-Unsubscribe headers like every list mail.
 */
export function welcomeMail(options: {
  to: string;
  siteUrl: string;
  unsubscribeToken: string;
  settings: Pick<NewsletterSettings, "welcomeSubject" | "welcomeBody">;
  /** The mailbox that takes unsubscribe requests by mail (the site's contact address). */
  mailto?: string;
}): MailMessage {
  const link = unsubscribeUrl(options.siteUrl, options.unsubscribeToken);
  return {
    to: options.to,
    subject: options.settings.welcomeSubject,
    text: [
      options.settings.welcomeBody,
      "",
      "--",
      "If you no longer want these mails, unsubscribe here (no sign-in needed):",
      link,
    ].join("\n"),
    headers: listUnsubscribeHeaders({
      siteUrl: options.siteUrl,
      token: options.unsubscribeToken,
      mailto: options.mailto || undefined,
    }),
  };
}
