import { describe, expect, it } from 'vitest';
import { interpretEnvelope } from './envelope.ts';

describe('interpretEnvelope in the console', () => {
  it("says the spec's 'Error' where the server and the transport said nothing", () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 500, message: '' } })).toEqual({ kind: 'error', message: 'Error' });
    expect(interpretEnvelope({ httpStatus: 200, body: '<html></html>' })).toEqual({ kind: 'error', message: 'Error' });
    expect(interpretEnvelope({})).toEqual({ kind: 'httpError', message: 'Error' });
  });

  it("keeps the server's words when it gave some", () => {
    expect(interpretEnvelope({ httpStatus: 200, body: { status: 500, message: '账号或密码错误' } })).toEqual({ kind: 'error', message: '账号或密码错误' });
  });
});
