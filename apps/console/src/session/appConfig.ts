import { APP_CONFIG_PATH, DEFAULT_ADMIN_USER_IDS, WALLBOARD_BASE, type AppConfig } from '@pest/shared';

/** Deployment settings the gateway serves at /app-config.json (no token needed); these when it cannot. */
export const DEFAULT_APP_CONFIG: AppConfig = { wallboardUrl: WALLBOARD_BASE, adminUserIds: [...DEFAULT_ADMIN_USER_IDS] };

/** Takes what is well-formed from the served JSON and the defaults for the rest. */
export function parseAppConfig(json: unknown): AppConfig {
  if (typeof json !== 'object' || json === null) return DEFAULT_APP_CONFIG;
  const { wallboardUrl, adminUserIds } = json as Record<string, unknown>;
  return {
    wallboardUrl: typeof wallboardUrl === 'string' && wallboardUrl !== '' ? wallboardUrl : DEFAULT_APP_CONFIG.wallboardUrl,
    adminUserIds:
      Array.isArray(adminUserIds) && adminUserIds.every((id) => Number.isInteger(id)) ? (adminUserIds as number[]) : DEFAULT_APP_CONFIG.adminUserIds,
  };
}

let loaded: AppConfig = DEFAULT_APP_CONFIG;

/**
 * Fetched once at boot, in the background: it is only needed on a click (the big-screen link),
 * and must be at hand synchronously then, or the browser would block the new window.
 */
export async function loadAppConfig(): Promise<void> {
  try {
    const response = await fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' } });
    if (response.ok) loaded = parseAppConfig(await response.json());
  } catch {
    // Keep the defaults: the console works without the file.
  }
}

export function appConfig(): AppConfig {
  return loaded;
}
