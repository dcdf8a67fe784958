// Where the server's start-up time goes, phase by phase, for the "ready" log line (read by bench/startup.ts).

/** Milliseconds spent in each phase, in the order they ended. */
export type StartupPhases = Record<string, number>;

/**
 * Each mark closes the phase that began at the previous one. By default the first phase begins when the thread
 * started (`performance.now()` counts from there), so it holds Node's own start and the loading of the modules.
 */
export function startupPhases(from = 0) {
  const phases: StartupPhases = {};
  let last = from;
  const elapsed = (since: number) => Math.round(performance.now() - since);
  return {
    phases,
    mark(phase: string) {
      phases[phase] = elapsed(last);
      last = performance.now();
    },
    /** Times work that runs beside other work (as `phase`), and the phases it timed itself (as `phase.step`). */
    async overlapping<T>(phase: string, work: Promise<T>, steps?: (result: T) => StartupPhases | undefined) {
      const startedAt = performance.now();
      const result = await work;
      phases[phase] = elapsed(startedAt);
      for (const [step, ms] of Object.entries(steps?.(result) ?? {})) phases[`${phase}.${step}`] = ms;
      return result;
    },
    /** From the thread's start to now. */
    total: () => elapsed(0),
  };
}
