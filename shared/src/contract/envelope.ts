import { Type, type TSchema, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/** Every reference-backend response is wrapped in this envelope (console-spec section 8). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data,
  });

export interface EnvelopeOf<T> {
  status: number;
  message: string;
  data: T;
}

/** Envelope status codes the console reacts to (console-spec section 8). */
export const StatusCode = {
  ok: 200,
  /** The user was logged out: clean routes and reload. */
  loggedOut: 100,
  /** Token illegal / other client logged in / token expired: ask to re-login. */
  reLogin: [50008, 50012, 50014] as readonly number[],
} as const;

/**
 * A refusal about one field of the request names it, so a form can show the reason under that
 * field (the channel form's address, for one); other refusals carry no data.
 */
export const FieldRefusal = Type.Object({ field: Type.String({ description: 'The request body property the refusal is about' }) });
export type FieldRefusal = Static<typeof FieldRefusal>;

export const ErrorBody = Envelope(Nullable(FieldRefusal));
export type ErrorBody = Static<typeof ErrorBody>;
