import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { builtFiles } from './built-files.ts';

/**
 * A built app under its own folder of the site (`base` ends with a slash), its files served as
 * builtFiles says. The path without its slash redirects, query and all, so relative asset URLs
 * resolve. Unbuilt, the folder explains how to build it.
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

  const files = builtFiles(dist);
  app.get(`${base}*`, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!(await files.send(request, reply, name === '' ? 'index.html' : name))) return reply.callNotFound();
  });
}
