/** Restarts wait 0.5 s after the first crash, doubling with each crash in a row, at most 30 s. */
export function restartDelayMs(crashesInARow: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, crashesInARow - 1));
}
