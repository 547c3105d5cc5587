import { ApiMessages, type EnvelopeOf, type FieldRefusal } from '@pest/shared';

export function ok<T>(data: T, message: string = ApiMessages.ok): EnvelopeOf<T> {
  return { status: 200, message, data };
}

/** `field`: the request body property the refusal is about, for a form to show the reason under it. */
export function failure(status: number, message: string, field?: string): EnvelopeOf<FieldRefusal | null> {
  return { status, message, data: field === undefined ? null : { field } };
}

/**
 * Thrown to answer with this HTTP status and the same status and message in the envelope; a
 * refusal of one body property names it as `field`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
