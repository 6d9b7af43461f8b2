/**
 * Dates for the dashboard, formatted the same on the server and in the browser (a locale- or
 * zone-dependent format would differ between the two and break hydration). Times are UTC and say so.
 */
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "UTC",
});

type DateInput = Date | string | number;

/** "21 Nov 2026" */
export function formatDate(value: DateInput) {
  return dateFormat.format(new Date(value));
}

/** "21 Nov 2026, 14:05 UTC" */
export function formatDateTime(value: DateInput) {
  const date = new Date(value);
  return `${dateFormat.format(date)}, ${timeFormat.format(date)} UTC`;
}

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A legal document's date: "2024-09-09" as "September 9, 2024", independent of the time zone. */
export function formatLegalDate(iso: string) {
  const [year, month, day] = iso.split("-").map(Number);
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`;
}
