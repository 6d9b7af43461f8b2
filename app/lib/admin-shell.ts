import { useMatches } from "react-router";

/**
 * Whether this page is one of the staff's, drawn in the admin's own frame (the handle of
 * routes/admin/shell.tsx) instead of the public header.
 */
export function useInAdminShell() {
  return useMatches().some(
    (match) => (match.handle as { shell?: string } | undefined)?.shell === "admin",
  );
}
