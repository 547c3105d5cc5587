import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

interface ComposeFile {
  services: Record<string, { build?: string; image?: string; restart?: string; environment?: Record<string, string | number> }>;
}

/** `docker compose config` needs an engine this machine lacks; this checks what it would. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;

  it('runs the gateway with PostgreSQL and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway', 'postgres', 'redis']);
    expect(compose.services.gateway?.build).toBe('.');
  });

  it('restarts every service that ends on its own (the product exits after a fatal error so that it is restarted clean)', () => {
    for (const [name, service] of Object.entries(compose.services)) expect([name, service.restart]).toEqual([name, 'unless-stopped']);
  });

  it('configures the gateway only with variables the server reads, and valid values', () => {
    const environment = compose.services.gateway?.environment ?? {};
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    for (const name of Object.keys(environment)) expect(readme).toContain(`\`${name}\``);
    // Interpolated defaults as compose would resolve them with nothing set.
    const resolved = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
    );
    const config = loadConfig(resolved);
    expect(config.databaseUrl).toBe('postgres://pest:pest@postgres:5432/pest');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.upstreamUrl).toBeNull();
  });
});
