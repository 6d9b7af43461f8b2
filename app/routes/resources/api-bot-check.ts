import { getEnv } from "~/env.server";
import { createAltchaChallenge } from "~/lib/bot-check.server";

/** A fresh proof-of-work challenge for the contact form's bot check. */
export async function loader() {
  const challenge = await createAltchaChallenge(getEnv().SESSION_SECRET);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}

/** Any other method: a 405 answered here (without an action, React Router logs it as an error). */
export function action() {
  return Response.json(
    { error: "Method not allowed: send a GET request" },
    { status: 405, headers: { Allow: "GET" } },
  );
}
