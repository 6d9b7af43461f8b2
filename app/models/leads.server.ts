import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webConsultationRequests, webContactMessages } from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";
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

/**
 * Stores the request; `created` is false when this submission was stored before. A new lead is
 * announced to the integrations (lead.created) in the same transaction.
 */
export async function createConsultationRequest(
  db: Db,
  input: ConsultationInput,
  submissionKey: string,
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
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
      .returning();
    if (row) {
      await recordSiteEvent(tx, "lead.created", {
        form: "consultation",
        lead_id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        service_type: row.serviceType,
        preferred_time: row.preferredTime,
        message: row.message,
        submitted_at: row.createdAt.toISOString(),
      });
    }
    return { created: Boolean(row), id: row?.id };
  });
}

export async function createContactMessage(db: Db, input: ContactInput, submissionKey: string) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
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
      .returning();
    if (row) {
      await recordSiteEvent(tx, "lead.created", {
        form: "contact",
        lead_id: row.id,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone: row.phone,
        comments: row.comments,
        consent: row.consent,
        submitted_at: row.createdAt.toISOString(),
      });
    }
    return { created: Boolean(row), id: row?.id };
  });
}
