import { API_BASE } from '@pest/shared';

/** A contract path (/api/…) as a route inside the /api plugin registers it. */
export function underApi(path: string): string {
  if (!path.startsWith(`${API_BASE}/`)) throw new Error(`${path} is not under ${API_BASE}`);
  return path.slice(API_BASE.length);
}
