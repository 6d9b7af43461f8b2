import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { BrandMark } from "~/components/site-header";
import { openCookieSettings } from "~/consent/cookie-settings";
import type { FooterContent, FooterLink } from "~/content/footer";
import { telHref } from "~/lib/phone";
import type { ResponsiveImage } from "~/media/responsive";

function FooterLinkItem({ link, className }: { link: FooterLink; className: string }) {
  if (link.external || /^https?:\/\//.test(link.href)) {
    return (
      <ExternalAnchor href={link.href} className={className} iconClassName="size-3.5">
        {link.name}
      </ExternalAnchor>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {link.name}
    </Link>
  );
}

/** Grid columns for the brand block (two) plus the non-empty link groups. */
const columnClasses: Record<number, string> = {
  0: "lg:grid-cols-2",
  1: "lg:grid-cols-3",
  2: "lg:grid-cols-4",
  3: "lg:grid-cols-5",
  4: "lg:grid-cols-6",
};

export function SiteFooter({
  siteName,
  tagline,
  logoUrl,
  logo,
  footer,
}: {
  siteName: string;
  tagline?: string;
  logoUrl?: string | null;
  logo?: ResponsiveImage | null;
  footer: FooterContent;
}) {
  const year = new Date().getFullYear();
  const groups = Object.entries(footer.groups).filter(([, links]) => links.length > 0);
  return (
    <footer className="bg-ink text-slate-300">
      <div
        className={`mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8 ${columnClasses[Math.min(groups.length, 4)]}`}
      >
        <div className="lg:col-span-2">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark logoUrl={logoUrl} logo={logo} />
            {siteName}
          </Link>
          {tagline ? <p className="mt-1 text-sm text-slate-400">{tagline}</p> : null}
          <p className="mt-4 max-w-sm">{footer.description}</p>
          <address className="mt-6 space-y-3 not-italic">
            <a href={`mailto:${footer.email}`} className="flex items-center gap-3 hover:text-white">
              <Mail aria-hidden className="size-4 shrink-0" />
              {footer.email}
            </a>
            <a href={telHref(footer.phone)} className="flex items-center gap-3 hover:text-white">
              <Phone aria-hidden className="size-4 shrink-0" />
              {footer.phone}
            </a>
            <p className="flex items-start gap-3">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              {footer.address}
            </p>
          </address>
        </div>
        {groups.map(([group, links]) => (
          <nav key={group} aria-label={`${group} links`}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{group}</h2>
            <ul className="mt-4 space-y-3">
              {links.map((link) => (
                <li key={`${link.name}-${link.href}`}>
                  <FooterLinkItem
                    link={link}
                    className="inline-flex items-center gap-1 text-slate-300 hover:text-white"
                  />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <section
          aria-labelledby="newsletter-heading"
          className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8"
        >
          <div>
            <h2 id="newsletter-heading" className="text-lg font-semibold text-white">
              Subscribe to our newsletter
            </h2>
            <p className="mt-1 max-w-xl">
              AI and automation ideas for growing businesses, product news and client stories. A few
              mails a month; unsubscribe any time.
            </p>
          </div>
          <NewsletterForm source="footer" className="w-full sm:max-w-lg lg:w-[28rem]" />
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {year} {footer.copyright}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {footer.legal.map((link) => (
                <li key={`${link.name}-${link.href}`}>
                  <FooterLinkItem
                    link={link}
                    className="inline-flex items-center gap-1 hover:text-white"
                  />
                </li>
              ))}
              <li>
                {/* A button, not a link: it opens the cookie settings on this page. */}
                <button
                  type="button"
                  onClick={openCookieSettings}
                  className="inline-flex cursor-pointer items-center gap-1 hover:text-white focus-visible:text-white"
                >
                  Cookie settings
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
