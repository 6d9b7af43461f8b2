import { redirectKey, withoutTrailingSlash } from "~/lib/redirect-paths";
import { isServedAddress, SERVED_ADDRESS_MESSAGE } from "~/lib/redirect-sources";
import { recordIdField } from "~/schemas/record-id";
import { hasControlCharacter } from "~/schemas/text";
import { z } from "~/schemas/zod";

/** The Redirects tab's forms (and the link audit's one-click redirect), shared by browser and server. */

export const REDIRECT_FROM_MAX = 500;
export const REDIRECT_TARGET_MAX = 2_000;

const fromPathField = z
  .string("Enter the old address, such as /old-page.")
  .trim()
  .min(1, "Enter the old address, such as /old-page.")
  .max(REDIRECT_FROM_MAX, `The old address is too long (at most ${REDIRECT_FROM_MAX} characters).`)
  .superRefine((value, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: "custom", message });
    if (/\s/.test(value) || hasControlCharacter(value)) {
      return refuse("The old address cannot contain spaces or invisible characters.");
    }
    if (!value.startsWith("/")) {
      return refuse("Start the old address with /, as in /old-page (a path on this site).");
    }
    if (value.startsWith("//") || value.includes("\\")) {
      return refuse("Start the old address with a single / and use no backslashes.");
    }
    if (value.includes("?") || value.includes("#")) {
      return refuse("Give the path only, without ? or #: redirects match the exact path.");
    }
    // A redirect is answered before the page: from an address the site serves, it would hide it.
    if (isServedAddress(value)) return refuse(SERVED_ADDRESS_MESSAGE);
  })
  // `/old/` and `/old` are one address to the redirects; stored without the slash.
  .transform(withoutTrailingSlash);

/** Why a target is refused, or null: a path of this site or an absolute https address. */
export function targetProblem(value: string): string | null {
  if (/\s/.test(value) || hasControlCharacter(value)) {
    return "The new address cannot contain spaces or invisible characters.";
  }
  if (value.includes("\\")) return "The new address cannot contain backslashes.";
  if (value.startsWith("//")) {
    return "Start a path with a single /: an address starting with // leads to another site.";
  }
  if (value.startsWith("/")) {
    return value.includes("#") ? "Give the path without a #fragment." : null;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === "http") return "Use https:// (plain http:// addresses are not allowed).";
  if (scheme !== "https") {
    return "Enter a path on this site (starting with /) or an address starting with https://.";
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "This https address is not valid.";
  }
  if (!url.hostname || !value.toLowerCase().startsWith("https://")) {
    return "This https address is not valid.";
  }
  if (url.username || url.password) return "The address cannot contain a user name or password.";
  return null;
}

const targetField = z
  .string("Enter the new address.")
  .trim()
  .min(1, "Enter the new address: a path such as /new-page or an https:// address.")
  .max(
    REDIRECT_TARGET_MAX,
    `The new address is too long (at most ${REDIRECT_TARGET_MAX} characters).`,
  )
  .superRefine((value, ctx) => {
    const problem = targetProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const SAME_ADDRESS_MESSAGE = "The new address is the same as the old one.";

const redirectFields = z
  .object({ fromPath: fromPathField, target: targetField })
  .superRefine(({ fromPath, target }, ctx) => {
    if (target.startsWith("/") && redirectKey(target) === redirectKey(fromPath)) {
      ctx.addIssue({ code: "custom", path: ["target"], message: SAME_ADDRESS_MESSAGE });
    }
  });

export const redirectCreateSchema = redirectFields;

export const redirectUpdateSchema = z
  .object({ id: recordIdField("Choose a redirect.") })
  .and(redirectFields);

export const redirectDeleteSchema = z.object({ id: recordIdField("Choose a redirect.") });

export const redirectIntents = ["create", "update", "delete"] as const;
export const redirectIntentSchema = z.enum(redirectIntents, "Unknown action.");

export type RedirectInput = z.infer<typeof redirectCreateSchema>;
