// Renders take turns: a few at a time, in the order they came, each next one started on a new turn
// of the event loop.
//
// Why: Node's libuv (1.45 and later) accepts one new connection per turn of the event loop. With
// fifty renders in flight, one turn runs a slice of each, so connections opened in a burst wait in
// the kernel's queue for seconds: measured with wrk's 50 connections against a server spending
// 3.3 ms of CPU per request, the 50th connection was accepted 4 s after the first, and p99 was
// 1.07 s against a median of 0.17 s. With the requests taken in turn, one turn holds only a few
// slices: a new connection is accepted within milliseconds and then waits its turn in line with
// everyone else (p99 0.25 s at the same requests a second). The page cache's hits never wait
// here. docs/benchmarks.md ("Renders taking turns") has the app's own figures, side by side.
import type { NextFunction, Request, Response } from "express";

export interface RenderQueue {
  /**
   * Runs `task` when a turn is free, in arrival order; the turn is held until it settles, at
   * most `holdMs`.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Express middleware: a GET or HEAD request goes on when a turn is free, and holds it until the
   * app ends its answer or the client leaves, at most `holdMs`. Other methods go on at once: they
   * are few, and may read a body.
   */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Requests waiting for a turn now. */
  readonly waiting: number;
}

export function createRenderQueue(options: {
  /** Renders at once. */
  concurrency: number;
  /**
   * The longest a task holds its turn: one waiting on something slow (a failing database, an
   * answer streamed to a slow client) goes on without it and no longer keeps others waiting.
   */
  holdMs: number;
}): RenderQueue {
  let running = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    const next = queue.shift();
    // The turn passes on, started after the event loop has polled (accepted, read) once more.
    if (next) setImmediate(next);
    else running--;
  };

  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const start = () => {
      let released = false;
      const releaseOnce = () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        release();
      };
      const timer = setTimeout(releaseOnce, options.holdMs).unref();
      let settled: Promise<T>;
      try {
        settled = task();
      } catch (error) {
        settled = Promise.reject(error);
      }
      settled.then(releaseOnce, releaseOnce);
      return settled;
    };
    if (running < options.concurrency) {
      running++;
      return start();
    }
    return new Promise<T>((resolve, reject) => {
      queue.push(() => start().then(resolve, reject));
    });
  };

  /** Settles when the app ends its answer (compressing and sending the rest need no turn). */
  const answered = (res: Response) =>
    new Promise<void>((resolve) => {
      const end = res.end;
      res.end = function (this: Response, ...args: Parameters<Response["end"]>) {
        resolve();
        return end.apply(this, args);
      } as Response["end"];
      res.once("close", () => resolve());
    });

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let left = false;
    const leave = () => {
      left = true;
    };
    res.once("close", leave);
    void run(() => {
      res.off("close", leave);
      // The client left while it waited: nothing to render.
      if (left) return Promise.resolve();
      const held = answered(res);
      next();
      return held;
    });
  };

  return {
    run,
    middleware,
    get waiting() {
      return queue.length;
    },
  };
}
