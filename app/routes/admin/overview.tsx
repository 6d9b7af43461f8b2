import { ArrowRight, FileText, Image, LayoutTemplate, Link2, Mail, Settings } from "lucide-react";
import { Link } from "react-router";
import { requireSection } from "~/auth/permissions.server";
import { roleAllows } from "~/auth/roles";
import { OverviewCards } from "~/components/admin/insights/overview-cards";
import { TabHeader } from "~/components/admin/tab-header";
import { getDatabase } from "~/db/client.server";
import { getOverview } from "~/models/overview.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Overview | Admin dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireSection(request, "overview");
  return { figures: await getOverview(getDatabase()), role: staff.role };
}

const quickLinks = [
  {
    to: "/admin/blog/new",
    label: "Write a blog post",
    hint: "A new post in the editor",
    icon: FileText,
  },
  {
    to: "/admin/content",
    label: "Edit site content",
    hint: "Hero, menu, footer, services",
    icon: LayoutTemplate,
  },
  { to: "/admin/links", label: "Check links", hint: "Run a link audit", icon: Link2 },
  { to: "/admin/media", label: "Media library", hint: "Upload and reuse files", icon: Image },
  { to: "/admin/leads", label: "Leads", hint: "Consultation requests and messages", icon: Mail },
  { to: "/admin/settings", label: "Settings", hint: "Site name, contact details", icon: Settings },
] as const;

/** The quick links to admin-only tabs, hidden from editors (their pages would answer 403). */
const adminOnly: ReadonlySet<string> = new Set(["/admin/settings"]);

export default function OverviewTab({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <TabHeader title="Overview" description="The site at a glance, counted from its data." />
      <OverviewCards figures={loaderData.figures} />
      <section aria-labelledby="quick-links-heading" className="mt-8">
        <h3 id="quick-links-heading" className="mb-3 text-lg font-semibold">
          Quick links
        </h3>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {quickLinks
            .filter((link) => !adminOnly.has(link.to) || roleAllows(loaderData.role, "admin"))
            .map(({ to, label, hint, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  prefetch="intent"
                  className="group flex items-center gap-3 rounded-xl border border-line bg-white p-4 shadow-sm transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-primary-strong">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-ink">{label}</span>
                    <span className="block text-sm text-muted">{hint}</span>
                  </span>
                  <ArrowRight
                    aria-hidden
                    className="size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5"
                  />
                </Link>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
