import type { Endpoint, HttpMethod, InputOf } from './endpoint.ts';

/** One call as it goes on the wire: method, path with its query, and the JSON body if any. */
export interface EndpointRequest {
  method: HttpMethod;
  /** The path with the query string for GET and DELETE, `/api/…`. */
  url: string;
  body?: unknown;
}

function queryString(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, String(item)]);
  }
  return pairs.length > 0 ? `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}` : '';
}

/** The request a call of `endpoint` with `input` makes: a query for GET and DELETE, a body otherwise. */
export function endpointRequest<E extends Endpoint>(endpoint: E, input: InputOf<E>): EndpointRequest {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  if (inQuery) return { method: endpoint.method, url: `${endpoint.path}${queryString(input)}` };
  return { method: endpoint.method, url: endpoint.path, body: input ?? {} };
}
