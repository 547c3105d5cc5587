import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../contract/audit-log.ts';
import { auditActionText, auditChangeLines, auditObjectText } from './audit-texts.ts';

describe('the audit log’s words', () => {
  it('words each change as before → after, a new field as what it became, secrets as masked', () => {
    expect(
      auditChangeLines(
        {
          name: { before: '旧名', after: '新名' },
          remark: { before: null, after: '靠近后门' },
          zoneIds: { before: [1, 2], after: [] },
          secret: { before: MASKED_SECRET, after: MASKED_SECRET },
        },
        'zh',
      ),
    ).toEqual(['名称：旧名 → 新名', '备注：靠近后门', 'zoneIds：1、2 → —', `密钥：${MASKED_SECRET} → ${MASKED_SECRET}`]);
    expect(auditChangeLines({ deviceName: { before: 'A', after: 'B' } }, 'en')).toEqual(['Device name：A → B']);
  });

  it('names objects and actions in each language, an unknown one by its own name', () => {
    expect(auditObjectText('device', '42', 'ja')).toBe('デバイス #42');
    expect(auditObjectText('somethingNew', '7', 'zh')).toBe('somethingNew #7');
    expect(auditActionText('handle', 'es')).toBe('Resuelta');
  });
});
