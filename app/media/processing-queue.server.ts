import { getEnv } from "~/env.server";

/** Runs at most `concurrency` tasks at once, in the order they came; the rest wait their turn. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting. */
  readonly size: number;
}

export function createLimiter(concurrency: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>) {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await task();
      } finally {
        next();
      }
    },
    get size() {
      return running + waiting.length;
    },
  };
}

let queue: Limiter | undefined;

/**
 * Image processing of this process: bounded, so that ten photos uploaded at once take turns on
 * one core (MEDIA_PROCESSING_CONCURRENCY) instead of taking every core from the pages.
 */
export function imageProcessingQueue(): Limiter {
  queue ??= createLimiter(getEnv().MEDIA_PROCESSING_CONCURRENCY);
  return queue;
}
