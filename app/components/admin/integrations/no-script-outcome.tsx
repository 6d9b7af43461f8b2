import type { Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

/**
 * The outcome of a form posted before the page's JavaScript loaded (a plain POST answers with the
 * page itself, so the toast cannot show): the same title and description, inline.
 */
export function NoScriptOutcome({ result }: { result?: { ok: boolean; toast?: Toast } | null }) {
  if (!result?.toast) return null;
  const failed = !result.ok;
  return (
    <div
      role={failed ? "alert" : "status"}
      className={cn(
        "mb-6 rounded-lg border px-4 py-3 text-sm",
        failed
          ? "border-red-200 bg-red-50 text-danger"
          : "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      <p className="font-semibold">{result.toast.title}</p>
      {result.toast.description ? <p>{result.toast.description}</p> : null}
    </div>
  );
}
