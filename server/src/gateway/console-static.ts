import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, APP_CONFIG_PATH, FIELD_BASE, LIVE_PATH, WALLBOARD_BASE } from '@pest/shared';
import { builtFiles } from './built-files.ts';

/** Paths, and everything under them, that the console's client-side router never owns: a miss there is a real 404. */
const NOT_CONSOLE = [API_BASE, LIVE_PATH, '/healthz', '/readyz', APP_CONFIG_PATH, '/api-docs', WALLBOARD_BASE.slice(0, -1), FIELD_BASE.slice(0, -1)];

/**
 * The built console at `/`, its files served as builtFiles says. Deep links (e.g.
 * /dataSheet/riskSummary) get index.html and the router takes over.
 */
export async function registerConsole(app: FastifyInstance, consoleDist: string): Promise<void> {
  if (!existsSync(path.join(consoleDist, 'index.html'))) {
    app.log.warn({ consoleDist }, 'console not built: run `npm run build`');
    const notBuilt = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The console has not been built (no ${consoleDist}/index.html).\nRun \`npm run build\` in the repository root, then restart the server.\n`);
    app.get('/', notBuilt);
    app.setNotFoundHandler((request, reply) => (isConsoleRoute(request) ? notBuilt(request, reply) : sendNotFound(reply)));
    return;
  }

  const files = builtFiles(consoleDist);
  app.get('/*', async (request, reply) => {
    if (!(await files.send(request, reply, (request.params as { '*': string })['*']))) return reply.callNotFound();
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (!isConsoleRoute(request) || !(await files.send(request, reply, 'index.html'))) return sendNotFound(reply);
  });
}

/** A page load of the console: a GET for a path without a file extension, or asking for HTML. */
function isConsoleRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0]!;
  if (NOT_CONSOLE.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  return path.posix.extname(pathname) === '' || (request.headers.accept ?? '').includes('text/html');
}

function sendNotFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}
