import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ANSWER_FLOORS_MS, startAnswerClock, waitForAnswerFloor } from "./answer-floor.server";

/** Whether the wait is over before anything scheduled on a timer could run. */
async function endsAtOnce(wait: Promise<void>) {
  return Promise.race([wait.then(() => true), sleep(0).then(() => false)]);
}

describe("answer floors", () => {
  const path = "/request-password-reset";
  const floor = ANSWER_FLOORS_MS[path] as number;

  it("holds a fast answer back until the floor has passed since its clock started", async () => {
    const request = new Request("http://localhost/api/auth/request-password-reset");
    const started = performance.now();
    startAnswerClock(path, request);
    await waitForAnswerFloor(path, request);
    // Timers may fire a millisecond early by performance.now()'s clock.
    expect(performance.now() - started).toBeGreaterThanOrEqual(floor - 2);
  });

  it("does not hold back an answer that already took longer than the floor", async () => {
    const request = new Request("http://localhost/api/auth/request-password-reset");
    startAnswerClock(path, request);
    await sleep(floor + 5);
    expect(await endsAtOnce(waitForAnswerFloor(path, request))).toBe(true);
  });

  it("leaves other paths and answers without a clock alone", async () => {
    const request = new Request("http://localhost/api/auth/sign-in/email");
    startAnswerClock("/sign-in/email", request);
    expect(await endsAtOnce(waitForAnswerFloor("/sign-in/email", request))).toBe(true);
    expect(await endsAtOnce(waitForAnswerFloor(path, new Request("http://localhost/")))).toBe(true);
    expect(await endsAtOnce(waitForAnswerFloor(path, undefined))).toBe(true);
  });
});
