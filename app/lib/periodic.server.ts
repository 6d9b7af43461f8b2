import { logger } from "~/lib/logger.server";

/**
 * Runs `task` every `ms` once started, until stopped. The timer is unref'd: it never keeps the
 * process alive, so shutdown code calls the task one last time itself.
 */
export function periodic(task: () => void, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(task, ms);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * The log of a periodic write that can fail (the database away): the first failure and every
 * tenth after it are warned about, so an outage does not flood the log, and the first success
 * after them says so.
 */
export function writeFailureLog(what: string) {
  let failures = 0;
  return {
    failed(error: unknown, pending: number) {
      failures += 1;
      if (failures === 1 || failures % 10 === 0) {
        logger.warn(
          { err: error, failures, pending },
          `${what}: could not write the counts; keeping them for the next try`,
        );
      }
    },
    succeeded(details: Record<string, unknown> = {}) {
      if (failures > 0) logger.info(details, `${what}: writing works again`);
      failures = 0;
    },
  };
}
