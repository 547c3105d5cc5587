import { ENDPOINTS, type Permission } from '@pest/shared';
import { underApi } from './http.ts';

const byUrl = new Map(ENDPOINTS.filter((endpoint) => endpoint.permission).map((endpoint) => [underApi(endpoint.path as `/api/${string}`), endpoint.permission!]));

/** The permission the endpoint at `url` (as `underApi` gives it) needs, if any: a download button is offered only to whom the server would answer. */
export function permissionOfUrl(url: string): Permission | undefined {
  return byUrl.get(url);
}
