import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@pest/shared';
import { alarmNotices } from './alarmNotices.ts';

const alarms = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 - i, content: `告警${i}` }) as AlarmRecord);

describe('alarmNotices', () => {
  it('announces a few new alarms one by one', () => {
    expect(alarmNotices(alarms(3)).map((n) => n.kind)).toEqual(['single', 'single', 'single']);
    expect(alarmNotices([])).toEqual([]);
  });

  it('groups a burst into one notice that counts them all and previews the newest', () => {
    const [notice, ...rest] = alarmNotices(alarms(12));
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ kind: 'group', count: 12 });
    expect(notice!.kind === 'group' && notice!.preview.map((a) => a.id)).toEqual([100, 99, 98, 97, 96]);
  });
});
