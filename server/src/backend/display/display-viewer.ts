import type { FastifyRequest } from 'fastify';
import { DISPLAY_SCREEN_HEADER } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';
import { resolveDisplayToken } from './display-tokens.ts';
import { screenSightings } from './screen-sightings.ts';

/**
 * The authentication hook's half for display tokens: the token's Scope, and a note of the screen
 * that called (throttled) for the console's list of links.
 */
export function displayViewer(db: Queryable, now: () => number) {
  const sighted = screenSightings(db, now);
  return async (token: string, request: FastifyRequest): Promise<Scope> => {
    const scope = await resolveDisplayToken(db, token, now());
    await sighted({ linkId: scope.display!.linkId, screenHeader: request.headers[DISPLAY_SCREEN_HEADER], address: request.ip });
    return scope;
  };
}
