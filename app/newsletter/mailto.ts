import { settingOrDefault } from "~/content/site-defaults";

const ADDRESS = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;

/**
 * The mailbox of the List-Unsubscribe header's mailto part: the site's contact e-mail (the
 * setting the public site shows). The site reads no inbox, so those "unsubscribe <token>" mails
 * reach staff, who unsubscribe the sender in the admin's Newsletter tab. Undefined when the
 * setting is not an address: the header then carries the https link alone.
 */
export function newsletterMailto(settings: Map<string, string>): string | undefined {
  const address = settingOrDefault(settings, "contact_email").trim();
  return ADDRESS.test(address) ? address : undefined;
}
