import type { FastifyInstance } from 'fastify';
import { FIELD_BASE } from '@pest/shared';
import { registerBuiltApp } from './built-app-static.ts';

/**
 * The technicians' field app at FIELD_BASE. Its service worker (sw.js) and manifest sit beside
 * index.html and are revalidated like it, so a phone picks up a deployment on its next visit online;
 * the worker's scope is the folder it is served from.
 */
export function registerField(app: FastifyInstance, fieldDist: string): Promise<void> {
  return registerBuiltApp(app, { base: FIELD_BASE, dist: fieldDist, name: 'field app' });
}
