import { Outlet, useRouteLoaderData } from "react-router";
import { AdminShell } from "~/components/admin/shell/admin-shell";
import type { loader as rootLoader } from "~/root";

/**
 * The staff's pages (/admin/*, /account/*) in a frame of their own. The root reads `handle.shell`
 * and leaves out the public header and footer (and the visitors' newsletter form) for them; the
 * account comes from the root's data, so this layout asks the server for nothing.
 */
export const handle = { shell: "admin" } as const;

export default function ShellLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell
      siteName={root?.siteName ?? ""}
      logoUrl={root?.logoUrl}
      logo={root?.logo}
      user={root?.user ?? null}
    >
      <Outlet />
    </AdminShell>
  );
}
