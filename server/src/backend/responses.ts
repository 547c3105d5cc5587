import { ErrorBody } from '@pest/shared';

/** The error envelopes any protected route may answer with (bad input, no session), for its OpenAPI entry. */
export const protectedErrors = { 400: ErrorBody, 401: ErrorBody } as const;
