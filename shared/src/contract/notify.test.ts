import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ChannelSaveBody, NotifyChannel, RuleSaveBody } from './notify.ts';

describe('notification contract', () => {
  it('takes email recipients with an @ and a domain, and nothing else', () => {
    const channel = (to: string[]) => Value.Check(ChannelSaveBody, { type: 'email', name: '值班邮箱', to });
    expect(channel(['ops@example.com', '张三@例子.中国'])).toBe(true);
    for (const bad of ['ops', 'ops@', '@example.com', 'a b@example.com', 'ops@example']) expect({ bad, ok: channel([bad]) }).toEqual({ bad, ok: false });
  });

  it('never has a place for a secret in what it returns', () => {
    expect(Object.keys(NotifyChannel.properties)).not.toContain('secret');
    expect(Object.keys(NotifyChannel.properties)).toContain('hasSecret');
  });

  it('refuses quiet hours that are not HH:mm and online events as a kind to notify', () => {
    const rule = { name: '夜间', customerIds: [1], channelIds: [1], enabled: true };
    expect(Value.Check(RuleSaveBody, { ...rule, quietHours: { start: '22:00', end: '07:00', exceptCritical: true } })).toBe(true);
    expect(Value.Check(RuleSaveBody, { ...rule, quietHours: { start: '24:00', end: '07:00', exceptCritical: true } })).toBe(false);
    expect(Value.Check(RuleSaveBody, { ...rule, types: [5] })).toBe(true);
    expect(Value.Check(RuleSaveBody, { ...rule, types: [6] })).toBe(false);
  });
});
