import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ApiMessages } from '@pest/shared';
import { sendErrorEnvelope } from './error-handler.ts';

describe('sendErrorEnvelope', () => {
  it('answers an unexpected error with a generic 500 envelope and logs the error', async () => {
    const lines: string[] = [];
    const app = Fastify({ loggerInstance: pino({ level: 'error' }, { write: (line: string) => void lines.push(line) }) });
    app.setErrorHandler(sendErrorEnvelope);
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });

    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: ApiMessages.internalError, data: null });
    expect(lines.join('')).toContain('secret_table');
    await app.close();
  });
});
