import type { FastifyInstance } from 'fastify';
import { APP_CONFIG_PATH, AppConfig } from '@pest/shared';
import type { Config } from '../config.ts';

/** The console's runtime settings, read at boot; never cached, so a restart with new env applies. */
export function registerAppConfig(app: FastifyInstance, config: Pick<Config, 'wallboardUrl' | 'adminUserIds'>): void {
  const body: AppConfig = { wallboardUrl: config.wallboardUrl, adminUserIds: config.adminUserIds };
  app.get(APP_CONFIG_PATH, { schema: { response: { 200: AppConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return body;
  });
}
