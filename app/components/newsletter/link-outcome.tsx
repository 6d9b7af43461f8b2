/**
 * The heading and text of a page reached by a link from a newsletter mail (confirm, unsubscribe):
 * what the link did, or why it did nothing.
 */
export function LinkOutcome({
  title,
  children,
  role,
}: {
  title: string;
  children: React.ReactNode;
  role?: "status";
}) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div role={role} className="mt-4 text-lg text-slate-700">
        {children}
      </div>
    </>
  );
}
