import type { Writable } from 'node:stream';

/**
 * Resolves once `output` can take more; rejects when it was closed (the download was cancelled).
 * Exports read the next batch of rows only after this, so a slow download holds the query back.
 */
export function drained(output: Writable): Promise<void> {
  if (output.destroyed) return Promise.reject(new Error('The export was cancelled'));
  if (!output.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      output.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      output.off('drain', onDrain);
      reject(new Error('The export was cancelled'));
    };
    output.once('drain', onDrain);
    output.once('close', onClose);
  });
}
