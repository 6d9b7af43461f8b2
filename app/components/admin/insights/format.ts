const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** The same text on the server and in the browser (no local time zone, so no hydration mismatch). */
export function formatDateTime(value: Date | string) {
  return `${dateTime.format(new Date(value))} UTC`;
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
