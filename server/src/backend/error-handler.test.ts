import Fastify from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, InputMessages } from '@pest/shared';
import type { Db } from './db/db.ts';
import { openTestDb, testDriver } from './db/testing.ts';
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

describe(`sendErrorEnvelope with values the database refuses, on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  // Each of these reached the database past a schema once and answered 500.
  it.each([
    ['integer out of range (22003)', 'select $1::int', ['99999999999999999999']],
    ['impossible date (22008)', 'select $1::timestamp', ['2026-02-31']],
    ['bad text for a type (22P02)', 'select $1::int', ['1e30']],
    ['NUL in text (22021)', 'select $1::text', ['a\u0000b']],
  ])('answers %s with a 400 envelope, logged as a warning', async (_case, sql, params) => {
    const lines: string[] = [];
    const app = Fastify({ loggerInstance: pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }) });
    app.setErrorHandler(sendErrorEnvelope);
    app.get('/query', async () => db.query(sql, params));

    const response = await app.inject({ method: 'GET', url: '/query' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, message: `${ApiMessages.badRequest}: ${InputMessages.outOfRange}`, data: null });
    expect(lines.map((line) => JSON.parse(line).level)).toEqual([40]);
    await app.close();
  });
});
