/**
 * The unsubscribe link of a subscriber, and the headers every newsletter mail carries with it:
 * RFC 2369's List-Unsubscribe (the https link, and a mailto address when the site has one) and
 * RFC 8058's List-Unsubscribe-Post, which lets a mail client unsubscribe with one POST to the
 * link, without cookies or a page (Gmail and Yahoo require both of bulk senders since 2024).
 */

export function unsubscribeUrl(siteUrl: string, token: string) {
  return `${siteUrl.replace(/\/+$/, "")}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function listUnsubscribeHeaders(options: {
  siteUrl: string;
  token: string;
  /** The mailbox that takes unsubscribe requests by mail; left out when empty. */
  mailto?: string;
}): Record<string, string> {
  const targets = [`<${unsubscribeUrl(options.siteUrl, options.token)}>`];
  if (options.mailto) {
    const subject = encodeURIComponent(`unsubscribe ${options.token}`);
    targets.push(`<mailto:${options.mailto}?subject=${subject}>`);
  }
  return {
    "List-Unsubscribe": targets.join(", "),
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
