/**
 * Delay before the next poll after `failures` consecutive failures: exponential from `baseMs`,
 * capped at `maxMs`, with "full jitter" so many pollers that failed together do not retry in step.
 */
export function backoffDelay(failures: number, { baseMs, maxMs }: { baseMs: number; maxMs: number }, random = Math.random): number {
  if (failures <= 0) return baseMs;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
  return Math.max(baseMs, Math.round(ceiling * random()));
}
