import { useEffect, useState } from "react";

function format(iso: string, utc: boolean) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(utc ? "en-GB" : undefined, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: utc ? "UTC" : undefined,
  }).format(date);
  return utc ? `${text} UTC` : text;
}

/**
 * A moment in the reader's own time zone. The server does not know it, so the page arrives with
 * the time in UTC and the browser rewrites it after hydration (no mismatch between the two).
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const [text, setText] = useState(() => format(iso, true));
  useEffect(() => setText(format(iso, false)), [iso]);
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()} className={className}>
      {text}
    </time>
  );
}
