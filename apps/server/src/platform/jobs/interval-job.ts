/** The part of a logger background jobs use. */
export interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Runs `work` every `intervalMs` until the returned stop function is called (which waits for a run
 * in progress). A slow run is never overlapped by its timer, a failed one is logged and the next
 * tick tries again, and the timer never keeps the process alive on its own.
 */
export function startIntervalJob(
  intervalMs: number,
  name: string,
  work: () => Promise<unknown>,
  logger?: JobLogger,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => logger?.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
