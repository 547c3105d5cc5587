import { describe, expect, it } from 'vitest';
import { endsSession, interpretEnvelope } from './interpret-envelope.ts';

describe('interpretEnvelope', () => {
  it('returns data of a 200 envelope', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 200, message: 'ok', data: { token: 't' } } })).toEqual({
      kind: 'ok',
      data: { token: 't' },
    });
  });

  it('keeps a null data field: it is present', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 200, message: 'ok', data: null } })).toEqual({ kind: 'ok', data: null });
  });

  it('returns the envelope itself when a 200 envelope has no data field', () => {
    const body = { status: 200, message: '退出成功' };
    expect(interpretEnvelope({ httpStatus: 200, body })).toEqual({ kind: 'ok', data: body });
  });

  it('turns any other envelope status into an error with its message', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 500, message: '账号或密码错误' } })).toEqual({
      kind: 'error',
      message: '账号或密码错误',
    });
  });

  it('keeps the field a refusal names, from a 4xx or a failing envelope', () => {
    const body = { status: 400, message: '地址指向内网或本机', data: { field: 'url' } };
    expect(interpretEnvelope({ httpStatus: 400, body })).toEqual({ kind: 'httpError', message: '地址指向内网或本机', field: 'url', httpStatus: 400 });
    expect(interpretEnvelope({ httpStatus: 200, body })).toEqual({ kind: 'error', message: '地址指向内网或本机', field: 'url' });
    expect(interpretEnvelope({ httpStatus: 400, body: { ...body, data: null } })).toEqual({ kind: 'httpError', message: '地址指向内网或本机', httpStatus: 400 });
  });

  it('leaves the message out when the failing envelope has none: each client has its own word for that', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 500, message: '' } })).toEqual({ kind: 'error' });
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 404 } })).toEqual({ kind: 'error' });
  });

  it('treats a body that is not an envelope as an error without a message', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: '<html></html>' })).toEqual({ kind: 'error' });
    expect(interpretEnvelope({ httpStatus: 200, body: null })).toEqual({ kind: 'error' });
  });

  it('status 100 means the user was logged out', () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 100, message: '用户已退出' } })).toEqual({
      kind: 'loggedOut',
      message: '用户已退出',
    });
  });

  it.each([50008, 50012, 50014])('status %i asks to log in again', (status) => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status, message: 'token expired' } })).toEqual({
      kind: 'reLogin',
      message: 'token expired',
    });
  });

  it('HTTP 401 is unauthorized whatever the body says', () => {
    expect(interpretEnvelope({ httpStatus: 401, body: { status: 401, message: '请先登录' } })).toEqual({
      kind: 'unauthorized',
      message: '请先登录',
    });
    expect(interpretEnvelope({ httpStatus: 401, errorMessage: 'Request failed with status code 401' })).toEqual({
      kind: 'unauthorized',
      message: 'Request failed with status code 401',
    });
  });

  it("other HTTP errors carry the envelope's message, else the transport's", () => {
    expect(interpretEnvelope({ httpStatus: 429, body: { status: 429, message: '请求过于频繁' }, errorMessage: 'x' })).toEqual({
      kind: 'httpError',
      message: '请求过于频繁',
      httpStatus: 429,
    });
    expect(interpretEnvelope({ httpStatus: 502, body: 'Bad Gateway', errorMessage: 'Request failed with status code 502' })).toEqual({
      kind: 'httpError',
      message: 'Request failed with status code 502',
      httpStatus: 502,
    });
  });

  it('a network failure without a response is an HTTP error', () => {
    expect(interpretEnvelope({ errorMessage: 'Network Error' })).toEqual({ kind: 'httpError', message: 'Network Error' });
    expect(interpretEnvelope({})).toEqual({ kind: 'httpError' });
  });

  it('a timeout is reported as such', () => {
    expect(interpretEnvelope({ timedOut: true, errorMessage: 'timeout of 20000ms exceeded' })).toEqual({ kind: 'timeout' });
  });

  it('an ended session outranks the HTTP status it came with', () => {
    expect(interpretEnvelope({ httpStatus: 403, body: { status: 50014, message: 'token expired' } })).toEqual({ kind: 'reLogin', message: 'token expired' });
    expect(interpretEnvelope({ httpStatus: 500, body: { status: 100, message: '用户已退出' } })).toEqual({ kind: 'loggedOut', message: '用户已退出' });
  });

  it('says which outcomes end the session', () => {
    const ending = [{ httpStatus: 401 }, { httpStatus: 200, body: { status: 100 } }, { httpStatus: 200, body: { status: 50008 } }];
    const other = [{ httpStatus: 403, body: { status: 403 } }, { httpStatus: 503 }, { timedOut: true }, { httpStatus: 200, body: { status: 200, data: 1 } }];
    expect(ending.map((facts) => endsSession(interpretEnvelope(facts)))).toEqual([true, true, true]);
    expect(other.map((facts) => endsSession(interpretEnvelope(facts)))).toEqual([false, false, false, false]);
  });
});
