/** Dates of the report are UTC days ("2026-11-21"); shown the same on the server and in the browser. */
const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const number = new Intl.NumberFormat("en-US");

export function formatShortDay(day: string) {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export function formatLongDay(day: string) {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

export function formatViews(views: number) {
  return number.format(views);
}

export function viewsLabel(views: number) {
  return `${number.format(views)} ${views === 1 ? "view" : "views"}`;
}
