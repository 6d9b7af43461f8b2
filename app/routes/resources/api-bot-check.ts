import { getEnv } from "~/env.server";
import { createAltchaChallenge } from "~/lib/bot-check.server";

/** A fresh proof-of-work challenge for the contact form's bot check. */
export async function loader() {
  const challenge = await createAltchaChallenge(getEnv().SESSION_SECRET);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
