import { describe, expect, it } from 'vitest';
import type { NotifyChannel } from '@pest/shared';
import { channelBody, channelValuesOf, isChannelField, newChannelValues, problemField } from './channelForm.ts';

const dingtalk: NotifyChannel = {
  id: 7,
  version: 2,
  type: 'dingtalk',
  name: '钉钉群',
  url: 'https://oapi.dingtalk.com/robot/send?access_token=****',
  hasSecret: true,
  to: [],
  organisationId: null,
  createTime: '2026-11-24 09:00:00',
};

describe('the channel form', () => {
  it('sends a new robot with its address and no secret unless one is typed', () => {
    const values = { ...newChannelValues(), type: 'wecom' as const, name: ' 值班群 ', url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K' };
    expect(channelBody(values)).toEqual({ ok: true, body: { type: 'wecom', name: '值班群', url: values.url } });
    expect(channelBody({ ...values, url: ' ' })).toEqual({ ok: false, problem: { key: 'urlRequired' } });
  });

  it('keeps the stored key and secret on an edit that leaves them alone, and never pre-fills the secret', () => {
    const values = channelValuesOf(dingtalk);
    expect(values.secret).toBe('');
    expect(channelBody({ ...values, name: '钉钉值班群' }, dingtalk)).toEqual({ ok: true, body: { id: 7, version: 2, type: 'dingtalk', name: '钉钉值班群' } });
  });

  it('sends a changed address, a new secret, or an empty secret to clear it', () => {
    const values = channelValuesOf(dingtalk);
    const url = 'https://oapi.dingtalk.com/robot/send?access_token=NEW';
    expect(channelBody({ ...values, url, secret: 'SECnew' }, dingtalk)).toMatchObject({ ok: true, body: { url, secret: 'SECnew' } });
    expect(channelBody({ ...values, clearSecret: true }, dingtalk)).toMatchObject({ ok: true, body: { secret: '' } });
    expect(channelBody({ ...values, clearSecret: true }, dingtalk).ok && 'url' in (channelBody(values, dingtalk) as { body: object }).body).toBe(false);
  });

  it('drops the secret of a channel turned into a kind that signs nothing', () => {
    const values = { ...channelValuesOf(dingtalk), type: 'email' as const, to: ['ops@example.com'] };
    expect(channelBody(values, dingtalk)).toEqual({ ok: true, body: { id: 7, version: 2, type: 'email', name: '钉钉群', to: ['ops@example.com'], secret: '' } });
  });

  it('wants recipients for email, each an address', () => {
    const email = { ...newChannelValues(), type: 'email' as const, name: '值班邮箱' };
    expect(channelBody(email)).toEqual({ ok: false, problem: { key: 'recipientsRequired' } });
    expect(channelBody({ ...email, to: ['ops@example.com', 'boss'] })).toEqual({ ok: false, problem: { key: 'recipientInvalid', email: 'boss' } });
    expect(channelBody({ ...email, to: ['ops@example.com', 'ops@example.com'] })).toMatchObject({ ok: true, body: { to: ['ops@example.com'] } });
  });

  it('wants a name', () => {
    expect(channelBody({ ...newChannelValues(), url: 'https://x.example.com' })).toEqual({ ok: false, problem: { key: 'nameRequired' } });
  });

  it('puts each reason under the field it is about, the server\'s named as the body\'s properties', () => {
    expect(problemField({ key: 'nameRequired' })).toBe('name');
    expect(problemField({ key: 'urlRequired' })).toBe('url');
    expect(problemField({ key: 'recipientInvalid', email: 'boss' })).toBe('to');
    expect(['url', 'to', 'secret', 'name'].every(isChannelField)).toBe(true);
    expect(isChannelField('customerIds')).toBe(false);
    expect(isChannelField(undefined)).toBe(false);
  });
});
