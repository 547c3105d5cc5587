import type { FastifyInstance } from 'fastify';
import { WALLBOARD_BASE } from '@pest/shared';
import { registerBuiltApp } from './built-app-static.ts';

/**
 * The built wallboard at WALLBOARD_BASE (its page gets `Referrer-Policy: no-referrer` from the
 * security headers, since it arrives with the token in its URL). index.html is revalidated on every
 * load, so a TV picks up a deployment on its next reload.
 */
export function registerWallboard(app: FastifyInstance, wallboardDist: string): Promise<void> {
  return registerBuiltApp(app, { base: WALLBOARD_BASE, dist: wallboardDist, name: 'wallboard' });
}
