import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { WALLBOARD_BASE } from '@pest/shared';

/** The same path without its slash, which redirects to it. */
const WALLBOARD_BARE = WALLBOARD_BASE.slice(0, -1);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built wallboard at WALLBOARD_BASE (its page gets `Referrer-Policy: no-referrer` from the
 * security headers, since it arrives with the token in its URL). Fingerprinted assets are cached
 * for a year; index.html is revalidated on every load, so a TV picks up a deployment on its next
 * reload. The path without its slash redirects, query and all, so relative asset URLs resolve.
 */
export async function registerWallboard(app: FastifyInstance, wallboardDist: string): Promise<void> {
  app.get(WALLBOARD_BARE, (request, reply) => {
    const query = request.url.slice(WALLBOARD_BARE.length);
    return reply.redirect(`${WALLBOARD_BASE}${query}`, 301);
  });

  if (!existsSync(path.join(wallboardDist, 'index.html'))) {
    app.log.warn({ wallboardDist }, 'wallboard not built: run `npm run build`');
    app.get(WALLBOARD_BASE, (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The wallboard has not been built (no ${wallboardDist}/index.html).\nRun \`npm run build\` in the repository root, then restart the server.\n`),
    );
    return;
  }

  const assetsDir = path.join(wallboardDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: wallboardDist,
    prefix: WALLBOARD_BASE,
    // The console's registration owns reply.sendFile.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
}
