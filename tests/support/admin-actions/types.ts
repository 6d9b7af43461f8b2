/**
 * One request to an admin loader, action or resource route, as a test sends it. Each dashboard
 * area lists every one of its reads and writes in tests/support/admin-actions/<area>.ts; the
 * access test sends them all as a visitor and as a signed-in non-admin and expects every one
 * refused (a redirect to /auth or /, or 401/403) with the database unchanged.
 */
export interface AdminCall {
  /** What the call does, for the test's name: "save the hero". */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Site-relative; a loader's data can be asked for as `/admin/x.data`, an action as a POST to the page. */
  path: string;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  multipart?: {
    fields?: Record<string, string>;
    file?: { field: string; name: string; type: string; content: string };
  };
}
