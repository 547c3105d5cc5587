import { ApiMessages, type EnvelopeOf } from '@pest/shared';

export function ok<T>(data: T, message: string = ApiMessages.ok): EnvelopeOf<T> {
  return { status: 200, message, data };
}

export function failure(status: number, message: string): EnvelopeOf<null> {
  return { status, message, data: null };
}

/** Thrown to answer with this HTTP status and the same status and message in the envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
