import {
  CheckCircle2,
  Clock,
  Globe,
  LifeBuoy,
  type LucideIcon,
  Mail,
  MapPin,
  MessagesSquare,
  Phone,
  Send,
  Siren,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { ContactForm } from "~/components/forms/contact-form";
import { PageHero } from "~/components/marketing/page-hero";
import { Alert } from "~/components/ui/alert";
import {
  type BusinessDay,
  businessDays,
  businessHoursKey,
  dayLabel,
  settingOrDefault,
  socialNetworks,
} from "~/content/site-defaults";
import { getEnv } from "~/env.server";
import { pageFormAction } from "~/forms/page-form.server";
import { submitContact } from "~/forms/submissions.server";
import { botCheckSettingsFrom, publicBotCheckConfig } from "~/lib/bot-check.server";
import { useServerFormResult } from "~/lib/forms";
import { telHref } from "~/lib/phone";
import { seo } from "~/lib/seo";
import { getSettingsMap } from "~/models/site.server";
import { companyDetailsFrom } from "~/pages/placeholders.server";
import { formMessages } from "~/schemas/form-messages";
import type { Route } from "./+types/contact";

/** Saturday and Sunday always get a line of their own. */
const WEEKEND_START = 5;

/**
 * The week's hours from the settings, consecutive weekdays with the same hours on one line
 * ("Monday – Friday: 9:00 AM – 6:00 PM"), then Saturday and Sunday.
 */
function businessHoursFrom(settings: Map<string, string>) {
  const rows: { days: string; hours: string }[] = [];
  let start = 0;
  const hoursOf = (index: number) =>
    settingOrDefault(settings, businessHoursKey(businessDays[index] as BusinessDay));
  for (let index = 1; index <= businessDays.length; index += 1) {
    const weekend = index >= WEEKEND_START;
    if (index < businessDays.length && !weekend && hoursOf(index) === hoursOf(start)) continue;
    const first = dayLabel(businessDays[start] as BusinessDay);
    const last = dayLabel(businessDays[index - 1] as BusinessDay);
    rows.push({ days: start === index - 1 ? first : `${first} – ${last}`, hours: hoursOf(start) });
    start = index;
  }
  return rows;
}

/** Only web addresses become links; anything else an admin typed is left out. */
function safeWebUrl(value: string | undefined) {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export async function loader() {
  const settings = await getSettingsMap();
  const social = socialNetworks.flatMap(({ key, label }) => {
    const href = safeWebUrl(settings.get(key));
    return href ? [{ label, href }] : [];
  });
  const optional = (key: string) => settings.get(key)?.trim() || null;
  return {
    company: companyDetailsFrom(settings),
    alternatePhone: optional("contact_alternate_phone"),
    emergencyContact: optional("emergency_contact"),
    website: safeWebUrl(settings.get("website_url")),
    supportEmail: settingOrDefault(settings, "support_email"),
    businessHours: businessHoursFrom(settings),
    social,
    botCheck: publicBotCheckConfig(botCheckSettingsFrom(getEnv())),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description:
      "Get in touch by e-mail, phone or mail. Our contact details, business hours and how to send us a message about AI agents, automation or a web project.",
    path: "/contact",
  });

function Panel({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-3 text-lg font-semibold text-ink">
        <span className="grid size-9 place-items-center rounded-lg bg-primary/10 text-primary-strong">
          <Icon aria-hidden className="size-5" />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

const detailLink = "break-words font-medium text-primary-strong hover:underline";
const phoneLink = "whitespace-nowrap font-medium text-primary-strong hover:underline";

/** The form posts here when JavaScript has not loaded. */
export function action({ request }: Route.ActionArgs) {
  return pageFormAction(request, submitContact);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const {
    company,
    alternatePhone,
    emergencyContact,
    supportEmail,
    website,
    businessHours,
    social,
    botCheck,
  } = loaderData;
  const posted = useServerFormResult(actionData);
  const sent = posted.result?.ok === true;
  const refused = posted.result && !posted.result.ok ? posted.result : null;
  const mailto = `mailto:${company.email}`;

  return (
    <>
      <PageHero
        badge="Contact"
        title="Contact Us"
        description="Have a question about AI agents, automation or a web project? Write, call or drop us a line by mail. We'd love to hear what you're working on."
      />

      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-2">
            <Panel id="details" title="Contact details" icon={MessagesSquare}>
              <dl className="mt-5 space-y-5">
                <div className="relative pl-8">
                  <dt className="text-sm text-muted">
                    <Mail aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                    Email
                  </dt>
                  <dd>
                    <a href={mailto} className={detailLink}>
                      {company.email}
                    </a>
                  </dd>
                </div>
                <div className="relative pl-8">
                  <dt className="text-sm text-muted">
                    <Phone aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                    Phone
                  </dt>
                  <dd>
                    <a href={telHref(company.phone)} className={phoneLink}>
                      {company.phone}
                    </a>
                  </dd>
                </div>
                {alternatePhone ? (
                  <div className="relative pl-8">
                    <dt className="text-sm text-muted">
                      <Phone aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                      Alternate phone
                    </dt>
                    <dd>
                      <a href={telHref(alternatePhone)} className={phoneLink}>
                        {alternatePhone}
                      </a>
                    </dd>
                  </div>
                ) : null}
                <div className="relative pl-8">
                  <dt className="text-sm text-muted">
                    <LifeBuoy aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                    Support
                  </dt>
                  <dd>
                    <a href={`mailto:${supportEmail}`} className={detailLink}>
                      {supportEmail}
                    </a>
                  </dd>
                </div>
                {website ? (
                  <div className="relative pl-8">
                    <dt className="text-sm text-muted">
                      <Globe aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                      Website
                    </dt>
                    <dd>
                      <ExternalAnchor
                        href={website}
                        className={`inline-flex items-center gap-1 ${detailLink}`}
                        iconClassName="size-3.5 shrink-0"
                      >
                        {new URL(website).host}
                      </ExternalAnchor>
                    </dd>
                  </div>
                ) : null}
                {emergencyContact ? (
                  <div className="relative pl-8">
                    <dt className="text-sm text-muted">
                      <Siren aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                      Emergency contact
                    </dt>
                    <dd className="break-words font-medium text-ink">{emergencyContact}</dd>
                  </div>
                ) : null}
                <div className="relative pl-8">
                  <dt className="text-sm text-muted">
                    <MapPin aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
                    Address
                  </dt>
                  <dd>
                    <address className="font-medium text-ink not-italic">{company.address}</address>
                  </dd>
                </div>
              </dl>
            </Panel>

            <Panel id="hours" title="Business hours" icon={Clock}>
              <dl className="mt-5 divide-y divide-line">
                {businessHours.map((row) => (
                  <div key={row.days} className="flex justify-between gap-4 py-2.5 text-sm">
                    <dt className="text-muted">{row.days}</dt>
                    <dd className="text-right font-medium text-ink">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </Panel>

            {social.length > 0 ? (
              <Panel id="social" title="Follow us" icon={Send}>
                <ul className="mt-5 flex flex-wrap gap-3">
                  {social.map((item) => (
                    <li key={item.label}>
                      <ExternalAnchor
                        href={item.href}
                        className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-medium text-ink transition-colors hover:border-primary hover:text-primary-strong"
                        iconClassName="size-4"
                      >
                        {item.label}
                      </ExternalAnchor>
                    </li>
                  ))}
                </ul>
              </Panel>
            ) : null}
          </div>

          <section
            id="message"
            aria-labelledby="message-heading"
            className="scroll-mt-24 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10 lg:col-span-3"
          >
            <h2 id="message-heading" className="text-2xl font-bold tracking-tight text-ink">
              Send us a message
            </h2>
            <p className="mt-2 text-base leading-7 text-slate-700">
              Tell us what you'd like to improve, automate or build, and we'll get back to you
              within one business day.
            </p>
            {sent ? (
              <p
                role="status"
                className="mt-6 flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
              >
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong>{formMessages.contact.success.title}.</strong>{" "}
                  {formMessages.contact.success.description}
                </span>
              </p>
            ) : null}
            {refused?.error && refused.code !== "validation" ? (
              <Alert className="mt-6">{refused.error}</Alert>
            ) : null}
            <div className="mt-8">
              <ContactForm
                key={posted.generation}
                botCheck={botCheck}
                values={refused?.values}
                errors={refused?.fieldErrors}
                onSubmitted={posted.clear}
              />
            </div>
            <p className="mt-8 border-t border-line pt-6 text-sm text-muted">
              Prefer e-mail or the phone? Write to{" "}
              <a href={mailto} className="break-words font-semibold text-primary-strong underline">
                {company.email}
              </a>{" "}
              or call us at{" "}
              <a
                href={telHref(company.phone)}
                className="whitespace-nowrap font-semibold text-primary-strong underline"
              >
                {company.phone}
              </a>{" "}
              during business hours. Want a longer conversation?{" "}
              <Link
                to="/schedule-consultation"
                className="font-semibold text-primary-strong underline"
              >
                Schedule a consultation
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
