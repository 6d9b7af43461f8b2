/** The From address when MAIL_FROM is not set: the site's name at no-reply@ its own host. */
export function defaultMailFrom(siteUrl: string) {
  return `AI Solutions <no-reply@${new URL(siteUrl).hostname}>`;
}
