import { describe, expect, it } from 'vitest';
import { NotifyMessages, type NotifyRule } from '@pest/shared';
import zh from '../../i18n/zh/notify.ts';
import { fieldsChangedBy, isRuleField, newRuleValues, ruleBody, ruleValuesOf, runsPastMidnight, withEnabled } from './ruleForm.ts';

const valid = { ...newRuleValues(1), name: '捕鼠即时', channelIds: [3] };

describe('the rule form', () => {
  it('starts a manager on his own organisation and sends empty lists and a null quiet window, so an edit can clear them', () => {
    expect(ruleBody(valid)).toEqual({
      ok: true,
      body: {
        name: '捕鼠即时',
        customerIds: [1],
        storeIds: [],
        types: [],
        severities: [],
        quietHours: null,
        channelIds: [3],
        escalateAfterMinutes: null,
        escalationChannelIds: [],
        enabled: true,
      },
    });
  });

  it('wants an escalation\'s minutes and channels together, in the server\'s words', () => {
    expect(ruleBody({ ...valid, escalateAfterMinutes: 15 })).toEqual({ ok: false, problem: 'escalationIncomplete', field: 'escalationChannelIds' });
    expect(ruleBody({ ...valid, escalationChannelIds: [3] })).toEqual({ ok: false, problem: 'escalationIncomplete', field: 'escalateAfterMinutes' });
    expect(zh.escalationIncomplete).toBe(NotifyMessages.escalationIncomplete);
    expect(ruleBody({ ...valid, escalateAfterMinutes: 15, escalationChannelIds: [3] })).toMatchObject({ ok: true, body: { escalateAfterMinutes: 15, escalationChannelIds: [3] } });
  });

  it('wants both ends of quiet hours, and says when they run past midnight', () => {
    expect(ruleBody({ ...valid, quietStart: '22:00' })).toEqual({ ok: false, problem: 'quietBothRequired', field: 'quietHours' });
    expect(ruleBody({ ...valid, quietStart: '22:00', quietEnd: '07:00', exceptCritical: false })).toMatchObject({
      ok: true,
      body: { quietHours: { start: '22:00', end: '07:00', exceptCritical: false } },
    });
    expect(runsPastMidnight('22:00', '07:00')).toBe(true);
    expect(runsPastMidnight('12:00', '14:00')).toBe(false);
    expect(runsPastMidnight('22:00', '')).toBe(false);
  });

  it('wants a name, an organisation and a channel', () => {
    expect(ruleBody({ ...valid, name: ' ' })).toEqual({ ok: false, problem: 'nameRequired', field: 'name' });
    expect(ruleBody({ ...valid, customerIds: [] })).toEqual({ ok: false, problem: 'organisationRequired', field: 'customerIds' });
    expect(ruleBody({ ...valid, channelIds: [] })).toEqual({ ok: false, problem: 'channelsRequired', field: 'channelIds' });
  });

  it('knows the fields the server names, and which refusals a change answers', () => {
    for (const field of ['customerIds', 'storeIds', 'channelIds', 'escalateAfterMinutes', 'escalationChannelIds']) expect(isRuleField(field), field).toBe(true);
    expect(isRuleField('url')).toBe(false);
    expect(isRuleField(undefined)).toBe(false);
    expect(fieldsChangedBy({ quietEnd: '07:00' })).toEqual(['quietHours']);
    expect(fieldsChangedBy({ escalateAfterMinutes: 15 }).sort()).toEqual(['escalateAfterMinutes', 'escalationChannelIds']);
    expect(fieldsChangedBy({ customerIds: [2] }).sort()).toEqual(['customerIds', 'storeIds']);
    expect(fieldsChangedBy({ enabled: false, types: [5] })).toEqual([]);
  });

  it('round-trips a listed rule, and the switch changes only `enabled`', () => {
    const rule: NotifyRule = {
      id: 9,
      version: 5,
      name: '夜间',
      customerIds: [1],
      customerNames: ['示例餐饮'],
      storeIds: [11, 12],
      storeNames: ['徐汇店', '静安店'],
      types: [5, 1],
      severities: ['critical'],
      quietHours: { start: '22:00', end: '07:00', exceptCritical: true },
      channelIds: [3],
      escalateAfterMinutes: 30,
      escalationChannelIds: [4],
      enabled: true,
      organisationId: 1,
      createTime: '2026-11-24 09:00:00',
    };
    const { organisationId: _owner, createTime: _created, customerNames: _names, storeNames: _storeNames, ...saved } = rule;
    expect(ruleBody(ruleValuesOf(rule), rule)).toEqual({ ok: true, body: saved });
    expect(withEnabled(rule, false)).toEqual({ ...saved, enabled: false });
  });
});
