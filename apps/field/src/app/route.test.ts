import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash, type Route } from './route.ts';

describe('the hash route', () => {
  it('reads back every screen it writes', () => {
    const routes: Route[] = [
      { screen: 'tasks' },
      { screen: 'visit', visitId: 12 },
      { screen: 'point', visitId: 12, pointId: 34 },
      { screen: 'risks', visitId: 12 },
      { screen: 'materials', visitId: 12 },
      { screen: 'finish', visitId: 12 },
    ];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
  });

  it('falls back to the task list on anything else', () => {
    expect(parseRoute('')).toEqual({ screen: 'tasks' });
    expect(parseRoute('#/visit/abc')).toEqual({ screen: 'tasks' });
    expect(parseRoute('#/visit/5/point/x')).toEqual({ screen: 'visit', visitId: 5 });
  });
});
