/** A Content-Security-Policy header as directive → sources ("'self' https://x"). */
export function parseCsp(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? "").split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}
