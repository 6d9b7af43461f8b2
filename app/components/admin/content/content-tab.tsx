import { Plug } from "lucide-react";
import { roleAllows, type UserRole } from "~/auth/roles";
import { QuickActionLink } from "~/components/admin/kit/quick-action";
import {
  BrandingQuickAction,
  ContactInfoQuickAction,
  FooterQuickAction,
} from "~/components/admin/settings-dialogs";
import { TabHeader } from "~/components/admin/tab-header";
import { Alert } from "~/components/ui/alert";
import type { Toast } from "~/lib/toast";
import type { NavMenuRow, ServiceRow, StatRow } from "~/models/admin-content.server";
import type { HeroInput } from "~/schemas/admin/content";
import { HeroEditor } from "./hero-editor";
import { NavMenuQuickAction } from "./nav-menu-dialog";
import { ServicesQuickAction } from "./services-dialog";
import { StatsQuickAction } from "./stats-dialog";

export interface ContentTabData {
  hero: HeroInput | null;
  heroDefaults: HeroInput;
  stats: StatRow[] | null;
  navItems: NavMenuRow[] | null;
  services: ServiceRow[] | null;
  /** The versions of the hero, menu and services (undefined when they could not be read). */
  versions: { hero?: number; navigation?: number; services?: number };
  /** The signed-in staff member's role: the quick actions that save settings are an admin's. */
  role: UserRole;
  /** The answer to a plain form post of the hero (no JavaScript yet), shown beside the form. */
  plainPostToast?: Toast | null;
}

export function ContentTab({
  hero,
  heroDefaults,
  stats,
  navItems,
  services,
  versions,
  role,
  plainPostToast,
}: ContentTabData) {
  // Branding, footer, contact details and integrations are saved by admin-only routes.
  const admin = roleAllows(role, "admin");
  return (
    <>
      <TabHeader
        title="Content"
        description="What visitors see on the home page and in the site's header and footer."
      />
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {hero ? (
          <HeroEditor
            hero={hero}
            version={versions.hero}
            defaults={heroDefaults}
            plainPostToast={plainPostToast}
          />
        ) : (
          <Alert>The hero texts could not be loaded. Reload the page to try again.</Alert>
        )}
        <section aria-labelledby="quick-actions-title">
          <h3 id="quick-actions-title" className="text-lg font-semibold text-ink">
            Quick actions
          </h3>
          <p className="mt-1 text-sm text-muted">Edit the other parts of the site.</p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-2">
            <StatsQuickAction stats={stats} />
            <NavMenuQuickAction items={navItems} version={versions.navigation} />
            {admin ? <BrandingQuickAction /> : null}
            {admin ? <FooterQuickAction /> : null}
            <ServicesQuickAction services={services} version={versions.services} />
            {admin ? <ContactInfoQuickAction /> : null}
            {admin ? <IntegrationsQuickAction /> : null}
          </div>
        </section>
      </div>
    </>
  );
}

function IntegrationsQuickAction() {
  return (
    <QuickActionLink
      to="/admin/integrations"
      title="Integrations"
      description="Chat, voice, booking and other services."
      icon={Plug}
    />
  );
}
