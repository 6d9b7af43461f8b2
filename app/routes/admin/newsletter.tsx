import { requireAdmin } from "~/auth/session.server";
import { TabHeader } from "~/components/admin/tab-header";
import type { Route } from "./+types/newsletter";

// Placeholder of the shell commit; the tab's own work replaces it.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminTab() {
  return <TabHeader title="Newsletter" />;
}
