import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { TextAreaField, TextField } from "~/components/admin/kit/fields";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Toast } from "~/lib/toast";
import {
  HERO_CTA_MAX,
  HERO_SUBTITLE_MAX,
  HERO_TITLE_MAX,
  type HeroInput,
} from "~/schemas/admin/content";

interface SaveAnswer {
  ok: boolean;
  toast?: Toast;
  fieldErrors?: Record<string, string>;
  result?: { version?: number };
}

/**
 * The home page's hero texts. A plain form post, so it saves before JavaScript has loaded too;
 * an emptied field brings back the built-in default, shown as the placeholder.
 */
export function HeroEditor({
  hero,
  version: loadedVersion,
  defaults,
  plainPostToast,
}: {
  hero: HeroInput;
  /** The version of `hero`, sent back so that a save over someone else's newer one is refused. */
  version?: number;
  defaults: HeroInput;
  plainPostToast?: Toast | null;
}) {
  // The fields keep what the admin typed (they are not reset by reloads of the page's data), so
  // the version follows this form's own saves only.
  const [version, setVersion] = useState(loadedVersion);
  const { fetcher, busy, fieldErrors } = useAdminFetcher<SaveAnswer>({
    onSuccess: (answer) => setVersion(answer.result?.version ?? version),
  });
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="hero-editor-title">
        <h3 id="hero-editor-title" className="text-lg font-semibold text-ink">
          Hero section
        </h3>
        <p className="mt-1 text-sm text-muted">
          The headline block at the top of the home page: its hero (Pages → Home) shows these three
          as {"{hero_title}"}, {"{hero_subtitle}"} and {"{hero_cta_text}"}. Leave a field empty to
          show the default.
        </p>
        <fetcher.Form method="post" className="mt-5 space-y-5">
          <input type="hidden" name="intent" value="saveHero" />
          {version === undefined ? null : <input type="hidden" name="version" value={version} />}
          <TextField
            id="hero-title"
            name="heroTitle"
            label="Main title"
            defaultValue={hero.heroTitle}
            placeholder={defaults.heroTitle}
            maxLength={HERO_TITLE_MAX}
            error={fieldErrors.heroTitle}
          />
          <TextAreaField
            id="hero-subtitle"
            name="heroSubtitle"
            label="Subtitle"
            rows={3}
            defaultValue={hero.heroSubtitle}
            placeholder={defaults.heroSubtitle}
            maxLength={HERO_SUBTITLE_MAX}
            error={fieldErrors.heroSubtitle}
          />
          <TextField
            id="hero-cta"
            name="heroCtaText"
            label="Call-to-action text"
            hint="The label of the hero's consultation button."
            defaultValue={hero.heroCtaText}
            placeholder={defaults.heroCtaText}
            maxLength={HERO_CTA_MAX}
            error={fieldErrors.heroCtaText}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
            {plainPostToast ? (
              <p
                role="status"
                className={
                  plainPostToast.type === "error"
                    ? "text-sm text-danger sm:mr-auto"
                    : "text-sm text-emerald-700 sm:mr-auto"
                }
              >
                {plainPostToast.title}
                {plainPostToast.description ? `: ${plainPostToast.description}` : null}
              </p>
            ) : null}
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {busy ? "Saving…" : "Save hero"}
            </Button>
          </div>
        </fetcher.Form>
      </section>
    </Card>
  );
}
