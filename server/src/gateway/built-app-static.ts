import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A built app under its own folder of the site (`base` ends with a slash). Fingerprinted assets are
 * cached for a year; everything else (index.html, a service worker, the manifest) is revalidated on
 * every load, so a deployment shows on the next one. The path without its slash redirects, query
 * and all, so relative asset URLs resolve. Unbuilt, the folder explains how to build it.
 */
export async function registerBuiltApp(app: FastifyInstance, { base, dist, name }: { base: string; dist: string; name: string }): Promise<void> {
  const bare = base.slice(0, -1);
  app.get(bare, (request, reply) => reply.redirect(`${base}${request.url.slice(bare.length)}`, 301));

  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, `${name} not built: run \`npm run build\``);
    app.get(base, (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The ${name} has not been built (no ${dist}/index.html).\nRun \`npm run build\` in the repository root, then restart the server.\n`),
    );
    return;
  }

  const assetsDir = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: base,
    // The console's registration owns reply.sendFile.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
}
