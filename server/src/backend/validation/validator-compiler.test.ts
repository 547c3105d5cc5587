import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Day, EndDay, Id, IdList, InputMessages, QueryId, Text } from '@pest/shared';
import { validatorCompiler } from './validator-compiler.ts';

type Outcome = { value?: unknown; error?: FastifySchemaValidationError[] };
const validate = (schema: TSchema, httpPart: string, input: unknown) =>
  (validatorCompiler({ schema, httpPart, url: '/x', method: 'POST' }) as (data: unknown) => Outcome)(input);
const reasonsOf = (outcome: Outcome) => outcome.error?.map((error) => `${error.instancePath} ${error.message}`);

const Body = Type.Object(
  {
    customerId: Type.Optional(Id),
    customerIds: Type.Optional(IdList),
    name: Type.Optional(Text(8)),
    startTime: Type.Optional(Day),
    endTime: Type.Optional(EndDay),
    status: Type.Optional(Type.Union([Type.Union([Type.Literal(0), Type.Literal(1)]), Type.Null()])),
    filters: Type.Optional(Type.Object({ areaIds: Type.Optional(IdList) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

describe('validatorCompiler', () => {
  it('drops unknown body properties, at any depth, and keeps the known ones', () => {
    const outcome = validate(Body, 'body', { customerId: 3, pets: [1], deep: { a: [[[{}]]] }, filters: { areaIds: [2], colour: 'red' } });
    expect(outcome).toEqual({ value: { customerId: 3, filters: { areaIds: [2] } } });
  });

  it('keeps known body fields strictly typed: no coercion, real limits, a Chinese reason per field', () => {
    expect(reasonsOf(validate(Body, 'body', { customerId: '3' }))).toEqual([`/customerId ${InputMessages.integer}`]);
    expect(reasonsOf(validate(Body, 'body', { customerId: 1e30 }))).toEqual([`/customerId ${InputMessages.maximum(2147483647)}`]);
    expect(reasonsOf(validate(Body, 'body', { customerIds: [1, 0.5] }))).toEqual([`/customerIds/1 ${InputMessages.integer}`]);
    expect(reasonsOf(validate(Body, 'body', { name: 'a\u0000b' }))).toEqual([`/name ${InputMessages.nul}`]);
    expect(reasonsOf(validate(Body, 'body', { name: 'x'.repeat(9) }))).toEqual([`/name ${InputMessages.maxLength(8)}`]);
    expect(reasonsOf(validate(Body, 'body', { startTime: '2026-02-30' }))).toEqual([`/startTime ${InputMessages.day}`]);
    expect(reasonsOf(validate(Body, 'body', { status: 2 }))).toEqual([`/status ${InputMessages.oneOf([0, 1, null])}`]);
    expect(reasonsOf(validate(Body, 'body', [1, 2]))).toEqual([` ${InputMessages.object}`]);
  });

  it('gives at most ten reasons, however many items are wrong', () => {
    expect(validate(Body, 'body', { customerIds: Array(5000).fill('x') }).error).toHaveLength(10);
  });

  it('hands the handler real dates: an end past its month is its last day', () => {
    expect(validate(Body, 'body', { startTime: '2026-02-01', endTime: '2026-02-31' })).toEqual({ value: { startTime: '2026-02-01', endTime: '2026-02-28' } });
  });

  it('reads query integers from plain decimal digits only', () => {
    const Query = Type.Object({ id: QueryId });
    expect(validate(Query, 'querystring', { id: '16' })).toEqual({ value: { id: 16 } });
    expect(validate(Query, 'querystring', { id: '16', extra: 'x' })).toEqual({ value: { id: 16 } });
    for (const id of ['1e9', '0x10', '1.5', '010', '99999999999999999999', '0', ['1', '2']]) {
      expect(validate(Query, 'querystring', { id }).error, String(id)).toBeDefined();
    }
    expect(reasonsOf(validate(Query, 'querystring', { id: '0x10' }))).toEqual([`/id ${InputMessages.integer}`]);
    expect(reasonsOf(validate(Query, 'querystring', { id: '2147483648' }))).toEqual([`/id ${InputMessages.maximum(2147483647)}`]);
  });

  it('answers with a reason rather than throwing, whatever arrives', () => {
    for (const input of [undefined, null, 'text', 7, { customerIds: { length: 1e9 } }, Object.create(null)]) {
      expect(() => validate(Body, 'body', input)).not.toThrow();
    }
  });
});
