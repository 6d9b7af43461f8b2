import { setTimeout as sleep } from "node:timers/promises";

/**
 * Answers that must take as long for an address with an account as for one without. The bodies
 * are already the same; the work behind them is not (a reset token and a mail, or a new user,
 * only for some addresses), so each answer waits until its floor has passed. The floors lie
 * well above the slowest path's usual time on a loaded two-core machine (see
 * tests/stress/accounts.test.ts, which reports the medians).
 */
export const ANSWER_FLOORS_MS: Record<string, number> = {
  "/request-password-reset": 400,
  "/sign-up/email": 700,
};

const started = new WeakMap<object, number>();

/** Notes when the answer to `request` began, if its path has a floor. */
export function startAnswerClock(path: string, request: object | undefined) {
  if (request && ANSWER_FLOORS_MS[path] !== undefined) started.set(request, performance.now());
}

/** Waits until the floor of `path` has passed since startAnswerClock, if it has not yet. */
export async function waitForAnswerFloor(path: string, request: object | undefined) {
  const floor = ANSWER_FLOORS_MS[path];
  const since = request ? started.get(request) : undefined;
  if (floor === undefined || since === undefined) return;
  const left = since + floor - performance.now();
  if (left > 0) await sleep(left);
}
