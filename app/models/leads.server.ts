import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webConsultationRequests, webContactMessages } from "~/db/schema.server";
import type { ConsultationInput, ContactInput } from "~/schemas/forms";

/**
 * The key that makes a resubmission store nothing new. The browser sends one per filled-in
 * form. A client that sends none gets one from the content and the current ten minutes, so an
 * identical message sent twice in a row is kept once.
 */
export function submissionKeyFor(kind: string, clientKey: string | undefined, content: unknown) {
  if (clientKey) return `${kind}:${clientKey}`;
  const window = Math.floor(Date.now() / 600_000);
  const digest = createHash("sha256")
    .update(JSON.stringify([content, window]))
    .digest("base64url");
  return `${kind}:auto:${digest}`;
}

export async function contactMessageExists(db: Db, submissionKey: string) {
  const rows = await db
    .select({ id: webContactMessages.id })
    .from(webContactMessages)
    .where(eq(webContactMessages.submissionKey, submissionKey));
  return rows.length > 0;
}

/** Stores the request; `created` is false when this submission was stored before. */
export async function createConsultationRequest(
  db: Db,
  input: ConsultationInput,
  submissionKey: string,
) {
  const rows = await db
    .insert(webConsultationRequests)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      serviceType: input.serviceType,
      preferredTime: input.preferredTime,
      message: input.message,
      submissionKey,
    })
    .onConflictDoNothing({ target: webConsultationRequests.submissionKey })
    .returning({ id: webConsultationRequests.id });
  return { created: rows.length === 1, id: rows[0]?.id };
}

export async function createContactMessage(db: Db, input: ContactInput, submissionKey: string) {
  const rows = await db
    .insert(webContactMessages)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      comments: input.comments,
      consent: input.consent,
      submissionKey,
    })
    .onConflictDoNothing({ target: webContactMessages.submissionKey })
    .returning({ id: webContactMessages.id });
  return { created: rows.length === 1, id: rows[0]?.id };
}
