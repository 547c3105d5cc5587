import { ApiError } from '../envelope.ts';

/**
 * Runs a write whose key the caller has checked is free. A concurrent write of the same key passes
 * that check too; the unique index then refuses one of them, which is told in the check's own
 * words (400 `message`, or the one `byConstraint` gives for the index that refused), never as a 5xx.
 */
export async function refusedAsTaken<T>(message: string, write: () => Promise<T>, byConstraint: Readonly<Record<string, string>> = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505') throw new ApiError(400, (constraint && byConstraint[constraint]) || message);
    throw error;
  }
}
