import { describe, expect, it } from 'vitest';
import { DISPLAY_DWELL_DEFAULT_SECONDS, type DisplayLink } from '@pest/shared';
import { linkBody, linkValuesOf, newLinkValues, type LinkValues } from './displayLinkForm.ts';

const NOW = new Date('2026-11-24T08:00:00Z');
const scope = (patch: Partial<LinkValues['scopes'][number]> = {}) => ({ key: 1, label: '', customerIds: [], areaIds: [], ...patch });

describe('linkBody', () => {
  it('sends a new single-scope link with the default dwell, no id, and a scope of everything left empty', () => {
    const values: LinkValues = { ...newLinkValues(), name: '  监控室大屏 ', dwellSeconds: 5 };
    expect(linkBody(values, undefined, NOW)).toEqual({
      ok: true,
      body: { name: '监控室大屏', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: DISPLAY_DWELL_DEFAULT_SECONDS, expiresAt: null },
    });
  });

  it('sends an edit with its id, labels trimmed, the rotation’s dwell and the expiry with its offset', () => {
    const values: LinkValues = {
      name: '三大区轮播',
      scopes: [scope({ label: ' 华北 ', areaIds: [1] }), scope({ key: 2, areaIds: [2], customerIds: [7] })],
      dwellSeconds: 20,
      expiresAt: '2030-01-01 08:00:00',
    };
    const check = linkBody(values, { id: 9, version: 4 }, NOW);
    expect(check.ok && check.body).toMatchObject({
      id: 9,
      version: 4,
      scopes: [{ label: '华北', customerIds: [], areaIds: [1] }, { customerIds: [7], areaIds: [2] }],
      dwellSeconds: 20,
    });
    expect(check.ok && Date.parse(check.body.expiresAt!)).toBe(new Date(2030, 0, 1, 8).getTime());
    expect(check.ok && check.body.expiresAt).toMatch(/[+-]\d\d:\d\d$/);
  });

  it('refuses what the server would: no name, a rotation’s dwell out of range, an expiry not in the future', () => {
    expect(linkBody({ ...newLinkValues(), name: '  ' }, undefined, NOW)).toEqual({ ok: false, problem: 'nameRequired' });
    const rotating = { ...newLinkValues(), name: 'x', scopes: [scope(), scope({ key: 2 })] };
    expect(linkBody({ ...rotating, dwellSeconds: 9 }, undefined, NOW)).toEqual({ ok: false, problem: 'dwellRange' });
    expect(linkBody({ ...rotating, dwellSeconds: 3601 }, undefined, NOW)).toEqual({ ok: false, problem: 'dwellRange' });
    expect(linkBody({ ...rotating, dwellSeconds: 10, expiresAt: '2020-01-01 00:00:00' }, undefined, NOW)).toEqual({ ok: false, problem: 'expiryPast' });
  });
});

describe('linkValuesOf', () => {
  it('opens a saved link in the form, its expiry in the picker’s format', () => {
    const link: DisplayLink = {
      id: 3,
      version: 1,
      name: '华东',
      scopes: [{ label: '华东', customerIds: [4], areaIds: [2] }],
      dwellSeconds: 45,
      expiresAt: new Date(2030, 5, 1, 18, 30).toISOString(),
      createdAt: '2026-11-01T00:00:00Z',
      createdByName: '管理员',
      revokedAt: null,
      state: 'active',
      lastSeenAt: null,
      lastSeenAddress: null,
      screens: 0,
      copyable: true,
      copies: 0,
      lastCopiedAt: null,
      lastCopiedByName: null,
    };
    expect(linkValuesOf(link)).toMatchObject({ name: '华东', dwellSeconds: 45, expiresAt: '2030-06-01 18:30:00', scopes: [{ label: '华东', customerIds: [4], areaIds: [2] }] });
  });
});
