// STAND-IN: replaced at merge.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema.server";
import type { Env } from "~/env.server";
import type { Mailer } from "~/mail/mailer.server";
import type { CampaignDraft } from "../campaign";
import type { CampaignSite } from "../campaign-types.server";

export async function campaignSite(_db: Db, env: Env): Promise<CampaignSite> {
  return { siteUrl: env.SITE_URL, siteName: "Site" };
}

export async function sendCampaignTest(
  db: Db,
  draft: CampaignDraft,
  to: string[],
  { mailer }: { site: CampaignSite; mailer: Mailer },
): Promise<
  { status: "sent"; to: string[] } | { status: "refused"; errors: Record<string, string> }
> {
  const wanted = [...new Set(to.map((address) => address.trim().toLowerCase()))];
  const staff = await db
    .select({ email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.email, wanted));
  const allowed = new Set(
    staff.filter((row) => row.role !== "user").map((row) => row.email.toLowerCase()),
  );
  const refused = wanted.filter((address) => !allowed.has(address));
  if (refused.length) {
    return {
      status: "refused",
      errors: { to: `Test mails go to staff only: ${refused.join(", ")} is not a staff address.` },
    };
  }
  for (const address of wanted) {
    await mailer.send({ to: address, subject: `[Test] ${draft.subject}`, text: draft.subject });
  }
  return { status: "sent", to: wanted };
}
