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
