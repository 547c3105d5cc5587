import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '@pest/shared';
import { auditListBody, changeLines } from './auditLogQuery.ts';

describe('操作日志', () => {
  it('asks page 1 of what the filters say, leaving out the ones not set', () => {
    expect(auditListBody({}, 20)).toEqual({ current: 1, size: 20 });
    expect(auditListBody({ objectId: '  ' }, 20)).toEqual({ current: 1, size: 20 });
    expect(auditListBody({ objectType: 'device', objectId: ' 42 ', dates: ['2026-11-01', '2026-11-28'] }, 50)).toEqual({
      current: 1,
      size: 50,
      objectType: 'device',
      objectId: '42',
      startTime: '2026-11-01',
      endTime: '2026-11-28',
    });
  });

  it('words each change as before → after, a new field as what it became, secrets as masked', () => {
    const label = (field: string) => ({ name: '名称', secret: '密钥' })[field] ?? field;
    expect(
      changeLines(
        {
          name: { before: '旧名', after: '新名' },
          remark: { before: null, after: '靠近后门' },
          customerIds: { before: [1, 2], after: [] },
          secret: { before: MASKED_SECRET, after: MASKED_SECRET },
        },
        label,
      ),
    ).toEqual(['名称：旧名 → 新名', 'remark：靠近后门', 'customerIds：1、2 → —', `密钥：${MASKED_SECRET} → ${MASKED_SECRET}`]);
  });
});
