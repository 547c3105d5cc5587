import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from './endpoint.ts';
import { endpointRequest } from './endpoint-request.ts';

describe('endpointRequest', () => {
  const lookup = defineEndpoint({ method: 'GET', path: '/api/x/get', input: Type.Object({ id: Type.Integer(), q: Type.Optional(Type.String()) }), tags: [], summary: '' });
  const save = defineEndpoint({ method: 'POST', path: '/api/x/save', input: Type.Object({ name: Type.String() }), tags: [], summary: '' });
  const list = defineEndpoint({ method: 'POST', path: '/api/x/list', tags: [], summary: '' });

  it('puts a GET call\'s input in the query, encoded, leaving out what is empty', () => {
    expect(endpointRequest(lookup, { id: 7, q: '上海 & co' })).toEqual({ method: 'GET', url: '/api/x/get?id=7&q=%E4%B8%8A%E6%B5%B7%20%26%20co' });
    expect(endpointRequest(lookup, { id: 7, q: '' })).toEqual({ method: 'GET', url: '/api/x/get?id=7' });
  });

  it('sends a POST call\'s input as its body, and an empty object when it takes none', () => {
    expect(endpointRequest(save, { name: 'a' })).toEqual({ method: 'POST', url: '/api/x/save', body: { name: 'a' } });
    expect(endpointRequest(list, undefined)).toEqual({ method: 'POST', url: '/api/x/list', body: {} });
  });

  it('fills in the policy an endpoint does not state: light, for signed-in users, refusing nothing more', () => {
    expect({ load: list.load, access: list.access, refusals: list.refusals }).toEqual({ load: 'light', access: 'session', refusals: [] });
  });
});
