import { LayoutDashboard } from "lucide-react";
import { requireAdmin } from "~/auth/session.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Admin dashboard | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex items-center gap-3">
        <LayoutDashboard aria-hidden className="size-8 text-primary" />
        <h1 className="text-3xl font-bold tracking-tight">Admin dashboard</h1>
      </div>
      <p className="mt-4 text-muted">
        Signed in as <strong className="text-ink">{loaderData.email}</strong>. The content editors
        arrive here next: overview, blog, newsletter, content, integrations, links, media, settings
        and analytics.
      </p>
    </section>
  );
}
