import { Alert } from "~/components/ui/alert";
import type { SecurityActionResult } from "~/schemas/account-security";

/** A card of the account security page (/account/security) with its heading and icon. */
export function SecuritySection({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** An action's message: a status when it went through, an alert when it did not. */
export function SecurityStatus({ result }: { result: SecurityActionResult | undefined }) {
  if (!result?.message) return null;
  return result.ok ? (
    <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
      {result.message}
    </p>
  ) : (
    <Alert className="mt-4">{result.message}</Alert>
  );
}
