/**
 * How big the stress tests run: STRESS_SCALE=1 (the default, `npm run test:stress`) is full size;
 * CI sets a fraction (.ci/run), which scales the iteration counts, never what is asserted of them.
 */
export const STRESS_SCALE = (() => {
  const raw = process.env.STRESS_SCALE;
  if (raw === undefined || raw === "") return 1;
  const scale = Number(raw);
  if (!(scale > 0 && scale <= 1)) throw new Error(`STRESS_SCALE must be in (0, 1], not ${raw}`);
  return scale;
})();

/** `full` at STRESS_SCALE, rounded, and never below `minimum`. */
export function scaled(full: number, minimum = 1): number {
  return Math.max(minimum, Math.round(full * STRESS_SCALE));
}
