import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  isAdminRefusal,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { NewsletterSettingsForm } from "~/components/admin/newsletter/newsletter-settings-form";
import { SenderCheck } from "~/components/admin/newsletter/sender-check";
import { TabHeader } from "~/components/admin/tab-header";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { writeSettings } from "~/models/admin-settings.server";
import { newsletterSettingsSchema } from "~/newsletter/settings";
import { newsletterSettingsEntries, readNewsletterSettings } from "~/newsletter/settings.server";
import type { Route } from "./+types/newsletter-settings";

const NOT_SAVED = "Newsletter Settings Not Saved";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "newsletter");
  return { settings: await readNewsletterSettings(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "newsletter");
  let input: ReturnType<typeof newsletterSettingsSchema.parse>;
  try {
    const values = await readAdminPayload(request, NOT_SAVED);
    input = parseAdminInput(newsletterSettingsSchema, values, NOT_SAVED);
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  let changed: string[];
  try {
    changed = await writeSettings(getDb(), newsletterSettingsEntries(input));
  } catch (error) {
    logger.error({ err: error }, "could not save the newsletter settings");
    return adminFailure(
      "Error Saving Data",
      "Could not save the newsletter settings. Please try again.",
      {
        status: 500,
      },
    );
  }
  await adminChanged(admin, {
    action: "updated",
    entity: "newsletter settings",
    details: { keys: changed },
  });
  return adminSuccess(
    "Newsletter Settings Saved",
    input.doubleOptIn
      ? "New subscribers confirm their address before they get any newsletter."
      : "New subscribers are on the list at once, without confirming.",
  );
}

export default function NewsletterSettingsTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <TabHeader
        title="Newsletter settings"
        description="How people join the newsletter and what they get when they do."
      >
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/newsletter">
            <ArrowLeft aria-hidden />
            Subscribers
          </Link>
        </Button>
      </TabHeader>
      <div className="space-y-6">
        <NewsletterSettingsForm values={loaderData.settings} posted={actionData} />
        <SenderCheck />
      </div>
    </div>
  );
}
