import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The closing call to action of a page: consultation first, contact second. */
export function CtaBanner({
  title = "Ready to put AI to work?",
  description = "Book a free consultation and we'll map out where automation pays off first.",
  primary = { label: "Schedule Consultation", to: "/schedule-consultation" },
  secondary = { label: "Contact Us", to: "/contact" },
  id,
  headingId = "cta-heading",
}: {
  title?: string;
  description?: string;
  primary?: { label: string; to: string };
  secondary?: { label: string; to: string } | null;
  /** An anchor other links may point to. */
  id?: string;
  /** Unique on the page: a page built from blocks may hold several banners. */
  headingId?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="bg-gradient-to-r from-primary-strong to-accent"
    >
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        {description ? (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-50">{description}</p>
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="inverse">
            <Link to={primary.to}>{primary.label}</Link>
          </Button>
          {secondary ? (
            <Button asChild size="lg" variant="inverseOutline">
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
