import {
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
import { ExternalAnchor } from "~/components/external-anchor";
import type { ContactDetails } from "~/pages/view";

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

function Detail({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: React.ReactNode;
}) {
  return (
    <div className="relative pl-8">
      <dt className="text-sm text-muted">
        <Icon aria-hidden className="absolute left-0 top-0.5 size-5 text-muted" />
        {term}
      </dt>
      {children}
    </div>
  );
}

/**
 * The contact page's panels beside its form (a form block of layout "details"): the site's
 * contact details, business hours and, when any social network has an address, "Follow us".
 * Everything comes from the settings (app/pages/contact-details.server.ts).
 */
export function ContactPanels({ details }: { details: ContactDetails }) {
  return (
    <div className="space-y-6 lg:col-span-2">
      <Panel id="details" title="Contact details" icon={MessagesSquare}>
        <dl className="mt-5 space-y-5">
          <Detail icon={Mail} term="Email">
            <dd>
              <a href={`mailto:${details.email}`} className={detailLink}>
                {details.email}
              </a>
            </dd>
          </Detail>
          <Detail icon={Phone} term="Phone">
            <dd>
              <a href={details.phoneHref} className={phoneLink}>
                {details.phone}
              </a>
            </dd>
          </Detail>
          {details.alternatePhone ? (
            <Detail icon={Phone} term="Alternate phone">
              <dd>
                <a href={details.alternatePhone.href} className={phoneLink}>
                  {details.alternatePhone.label}
                </a>
              </dd>
            </Detail>
          ) : null}
          <Detail icon={LifeBuoy} term="Support">
            <dd>
              <a href={`mailto:${details.supportEmail}`} className={detailLink}>
                {details.supportEmail}
              </a>
            </dd>
          </Detail>
          {details.website ? (
            <Detail icon={Globe} term="Website">
              <dd>
                <ExternalAnchor
                  href={details.website.href}
                  className={`inline-flex items-center gap-1 ${detailLink}`}
                  iconClassName="size-3.5 shrink-0"
                >
                  {details.website.host}
                </ExternalAnchor>
              </dd>
            </Detail>
          ) : null}
          {details.emergencyContact ? (
            <Detail icon={Siren} term="Emergency contact">
              <dd className="break-words font-medium text-ink">{details.emergencyContact}</dd>
            </Detail>
          ) : null}
          <Detail icon={MapPin} term="Address">
            <dd>
              <address className="font-medium text-ink not-italic">{details.address}</address>
            </dd>
          </Detail>
        </dl>
      </Panel>

      <Panel id="hours" title="Business hours" icon={Clock}>
        <dl className="mt-5 divide-y divide-line">
          {details.businessHours.map((row) => (
            <div key={row.days} className="flex justify-between gap-4 py-2.5 text-sm">
              <dt className="text-muted">{row.days}</dt>
              <dd className="text-right font-medium text-ink">{row.hours}</dd>
            </div>
          ))}
        </dl>
      </Panel>

      {details.social.length > 0 ? (
        <Panel id="social" title="Follow us" icon={Send}>
          <ul className="mt-5 flex flex-wrap gap-3">
            {details.social.map((item) => (
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
  );
}
