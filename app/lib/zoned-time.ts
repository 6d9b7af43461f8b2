import { TZDate } from "@date-fns/tz";

/**
 * Times an admin enters and reads in the site's time zone (the Settings tab's "Time zone"), stored
 * in UTC. The editor's date-and-time field holds "YYYY-MM-DDTHH:mm" in that zone.
 */

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export function isZonedInputValue(value: string) {
  return INPUT_VALUE.test(value);
}

/**
 * The UTC moment of a wall-clock time in `timeZone`; null for text that is no such time. A time
 * skipped by a daylight-saving change moves forward, as clocks do.
 */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  const match = INPUT_VALUE.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const zoned = new TZDate(year, month - 1, day, hour, minute, timeZone);
  // 31 February and the like roll over into the next month: not a time anyone meant.
  if (zoned.getDate() !== day && zoned.getHours() === hour) return null;
  const utc = new Date(zoned.getTime());
  return Number.isNaN(utc.getTime()) ? null : utc;
}

function partsIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? "";
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The date-and-time field's value for a stored moment, in `timeZone`. */
export function toZonedInputValue(value: Date | string, timeZone: string) {
  const p = partsIn(new Date(value), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** "24 Nov 2026, 14:30 (Europe/Berlin)": the same text on the server and in the browser. */
export function formatInZone(value: Date | string, timeZone: string) {
  const date = new Date(value);
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return `${text} (${timeZone})`;
}
