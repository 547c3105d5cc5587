import { readdirSync } from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How soon a name not in the listing may list the folder again (a new build's files). */
const RELIST_AFTER_MS = 2_000;

export interface BuiltFiles {
  /**
   * Sends the file at `name` (relative to the folder, e.g. `assets/index-4f2a.js`) with its cache
   * rule; false, with nothing sent, when the folder holds no such file.
   */
  send(request: FastifyRequest, reply: FastifyReply, name: string): Promise<boolean>;
}

/**
 * A built app's folder, served from a listing of its files. @fastify/static's wildcard route read
 * every directory on the way to a file at each request, to check the name's spelling: with the
 * console's ~400 assets that was ~0.3 s of the gateway's CPU per page load of ~310 files. Only names in the
 * listing are served, spelled as they are, so no request reaches outside the folder. Vite
 * fingerprints everything under `assets/`, cached for a year; the rest (index.html, a service
 * worker, a manifest) is revalidated at every load. A name the listing lacks lists the folder again,
 * at most every two seconds, so a build made while the server runs is served without a restart.
 */
export function builtFiles(dist: string, now: () => number = Date.now): BuiltFiles {
  let names = listFiles(dist);
  let listedAt = now();
  const has = (name: string): boolean => {
    if (names.has(name)) return true;
    if (now() - listedAt < RELIST_AFTER_MS) return false;
    names = listFiles(dist);
    listedAt = now();
    return names.has(name);
  };

  return {
    async send(request, reply, name) {
      if (!has(name)) return false;
      // Encoded: send decodes the path it is given.
      const sent = await send(request.raw, `/${encodeURI(name)}`, { root: dist, cacheControl: false, dotfiles: 'allow' });
      // Gone since the listing (a build replacing the folder): as if never there.
      if (sent.type !== 'file') {
        sent.stream.destroy();
        return false;
      }
      reply.code(sent.statusCode).headers(sent.headers).header('cache-control', name.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      await reply.send(sent.stream);
      return true;
    },
  };
}

function listFiles(dist: string): Set<string> {
  try {
    return new Set(
      readdirSync(dist, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
    );
  } catch {
    return new Set();
  }
}
