import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, parseAppConfig } from './appConfig.ts';

describe('parseAppConfig', () => {
  it('reads the served config', () => {
    expect(parseAppConfig({ wallboardUrl: 'https://screen.example/', adminUserIds: [3, 4] })).toEqual({
      wallboardUrl: 'https://screen.example/',
      adminUserIds: [3, 4],
    });
  });

  it('falls back field by field', () => {
    expect(parseAppConfig({ wallboardUrl: '', adminUserIds: ['1'] })).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig({ adminUserIds: [9] })).toEqual({ wallboardUrl: '/wallboard/', adminUserIds: [9] });
    expect(parseAppConfig('nope')).toEqual(DEFAULT_APP_CONFIG);
  });
});
