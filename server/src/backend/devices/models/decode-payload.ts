import { DeviceModelLimits, DeviceModelMessages, type DecodeResult } from '@pest/shared';
import type { CodecSandbox } from './codec-sandbox.ts';
import { readDecodedReading } from './decoded-reading.ts';

/** A decode that did not finish, and why (the model counts these). */
export type DecodeFailure = 'error' | 'timeout' | 'memory';

/** One payload through a model's codec, as an uplink and the screen's trial both run it. */
export async function decodePayload(
  sandbox: CodecSandbox,
  codec: string,
  fPort: number,
  payload: Buffer,
  recvTime: Date,
): Promise<DecodeResult & { failure?: DecodeFailure }> {
  if (payload.length > DeviceModelLimits.payloadBytes) return { data: null, errors: [DeviceModelMessages.payloadTooLong], warnings: [], failure: 'error' };
  const output = await sandbox.decode(codec, { bytes: [...payload], fPort, recvTime });
  if (output.failure) return { data: null, errors: output.errors, warnings: output.warnings, failure: output.failure };
  const reading = readDecodedReading(output.data);
  if (!reading.ok) return { data: null, errors: [reading.error], warnings: output.warnings, failure: 'error' };
  return { data: reading.reading, errors: [], warnings: output.warnings };
}
