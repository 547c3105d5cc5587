import { Type, type TSchema, type Static } from '@sinclair/typebox';

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

export const ErrorBody = Envelope(Type.Null());
export type ErrorBody = Static<typeof ErrorBody>;
