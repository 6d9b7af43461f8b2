/** The ranges the Analytics tab offers, in days ending today (UTC). Shared by server and page. */
export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** The `days` URL parameter; anything else means the default range. */
export function parseAnalyticsRange(value: string | null | undefined): AnalyticsRange {
  const days = Number(value);
  return (analyticsRanges as readonly number[]).includes(days)
    ? (days as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
}
