import {
  ArrowLeftRight,
  BarChart3,
  FileText,
  Globe,
  Image,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LayoutTemplate,
  Link2,
  LogOut,
  type LucideIcon,
  Mail,
  PenSquare,
  Plug,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { type AdminTab, adminGroups, adminTabs } from "~/admin/tabs";
import { roleAllows, type UserRole } from "~/auth/roles";
import { cn } from "~/lib/utils";

const tabIcons: Record<AdminTab["path"], LucideIcon> = {
  "/admin": LayoutDashboard,
  "/admin/pages": LayoutTemplate,
  "/admin/blog": PenSquare,
  "/admin/content": FileText,
  "/admin/media": Image,
  "/admin/links": Link2,
  "/admin/redirects": ArrowLeftRight,
  "/admin/newsletter": Mail,
  "/admin/leads": Inbox,
  "/admin/analytics": BarChart3,
  "/admin/integrations": Plug,
  "/admin/settings": Settings,
  "/admin/api-keys": KeyRound,
  "/admin/audit-log": ScrollText,
  "/admin/team": Users,
};

const entryClass =
  "group flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium lg:py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary";

function navEntryClass({ isActive }: { isActive: boolean }) {
  return cn(
    entryClass,
    isActive
      ? "bg-white text-ink shadow-sm ring-1 ring-line"
      : "text-muted hover:bg-white/70 hover:text-ink",
  );
}

function EntryIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <Icon
      aria-hidden
      className="size-4 shrink-0 text-slate-400 group-hover:text-primary-strong group-aria-[current=page]:text-primary-strong"
    />
  );
}

/**
 * The dashboard's sections a role opens, grouped by what staff do (adminGroups): links, not ARIA
 * tabs, since each section is a page with its own address; the current one is aria-current.
 */
export function SectionsNav({ role, onNavigate }: { role: UserRole; onNavigate: () => void }) {
  const groups = adminGroups
    .map((group) => ({
      ...group,
      tabs: adminTabs.filter((tab) => tab.group === group.key && roleAllows(role, tab.role)),
    }))
    .filter((group) => group.tabs.length > 0);
  if (groups.length === 0) return null;
  return (
    <nav aria-label="Admin sections" className="space-y-5">
      {groups.map((group, index) => (
        <div key={group.key}>
          <p
            id={`admin-group-${group.key}`}
            // The overview stands on its own above the groups; its name is for screen readers.
            className={cn(
              "px-3 pb-1.5 text-xs font-semibold uppercase tracking-wider text-muted",
              index === 0 && group.key === "home" && "sr-only",
            )}
          >
            {group.label}
          </p>
          <ul aria-labelledby={`admin-group-${group.key}`} className="space-y-0.5">
            {group.tabs.map((tab) => (
              <li key={tab.path}>
                <NavLink
                  to={tab.path}
                  end
                  prefetch="intent"
                  onClick={onNavigate}
                  className={navEntryClass}
                >
                  <EntryIcon icon={tabIcons[tab.path]} />
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

const roleNames: Record<UserRole, string> = { admin: "Admin", editor: "Editor", user: "Member" };

/** Who is signed in, their own security page, the way back to the public site, and Sign Out. */
export function AccountNav({
  email,
  role,
  onNavigate,
}: {
  email: string;
  role: UserRole;
  onNavigate: () => void;
}) {
  return (
    <div className="space-y-3">
      <nav aria-label="Account">
        <ul className="space-y-0.5">
          <li>
            <NavLink
              to="/account/security"
              prefetch="intent"
              onClick={onNavigate}
              className={navEntryClass}
            >
              <EntryIcon icon={ShieldCheck} />
              Account security
            </NavLink>
          </li>
          <li>
            <Link to="/" className={navEntryClass({ isActive: false })}>
              <EntryIcon icon={Globe} />
              View site
            </Link>
          </li>
        </ul>
      </nav>
      <div className="flex items-center gap-3 rounded-lg border border-line bg-white p-2.5">
        <span
          aria-hidden
          className="grid size-8 shrink-0 place-items-center rounded-full bg-gradient-to-br from-primary to-accent text-sm font-semibold uppercase text-white"
        >
          {email.charAt(0)}
        </span>
        <p className="min-w-0 flex-1 text-sm leading-tight">
          <span className="sr-only">Signed in as </span>
          <span className="block truncate font-medium text-ink" title={email}>
            {email}
          </span>
          <span className="block text-xs text-muted">{roleNames[role]}</span>
        </p>
        <Form method="post" action="/sign-out">
          <button
            type="submit"
            aria-label="Sign Out"
            title="Sign Out"
            className="grid size-9 place-items-center rounded-md text-muted transition-colors hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
          >
            <LogOut aria-hidden className="size-4" />
          </button>
        </Form>
      </div>
    </div>
  );
}
