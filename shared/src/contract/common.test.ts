import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { Day, DayTime, EndDay, EndDayTime, Id, IdList, ID_LIST_MAX_ITEMS, isCalendarDay, Nullable, parseQueryInteger, PG_INTEGER_MAX, Text } from './common.ts';

const accepts = (schema: Parameters<typeof Value.Check>[0], value: unknown) => Value.Check(schema, value);

describe('Id and IdList', () => {
  it('take the integers a PostgreSQL integer column holds, from 1', () => {
    expect([1, 42, PG_INTEGER_MAX].map((id) => accepts(Id, id))).toEqual([true, true, true]);
    expect([0, -1, PG_INTEGER_MAX + 1, 1e30, 1.5, Number.NaN, '1', null].map((id) => accepts(Id, id))).toEqual(Array(8).fill(false));
  });

  it('bound a list of ids in length and in every item', () => {
    expect(accepts(IdList, [1, 2, 3])).toBe(true);
    expect(accepts(IdList, Array.from({ length: ID_LIST_MAX_ITEMS }, (_, i) => i + 1))).toBe(true);
    expect(accepts(IdList, Array.from({ length: ID_LIST_MAX_ITEMS + 1 }, (_, i) => i + 1))).toBe(false);
    expect(accepts(IdList, [1, 1e30])).toBe(false);
  });
});

describe('parseQueryInteger', () => {
  it('reads plain decimal integers only', () => {
    expect(['1', '42', '0', '-3', '2147483647', '99999999999999999999'].map(parseQueryInteger)).toEqual([1, 42, 0, -3, 2147483647, 1e20]);
    for (const text of ['1e9', '0x10', '1.5', '010', '+1', ' 1', '1 ', '', '-0', 'Infinity', '１']) expect(parseQueryInteger(text), text).toBeUndefined();
  });
});

describe('Text', () => {
  it('refuses NUL anywhere and text over its length', () => {
    const name = Text(5);
    expect(accepts(name, '门店 A')).toBe(true);
    expect(accepts(name, '')).toBe(true);
    expect(accepts(name, 'a\u0000b')).toBe(false);
    expect(accepts(name, '\u0000')).toBe(false);
    expect(accepts(name, '123456')).toBe(false);
    expect(accepts(Text(5, { minLength: 1 }), '')).toBe(false);
  });
});

describe('days', () => {
  it('knows the real calendar, February 29 in leap years only', () => {
    expect(['2024-02-29', '2000-02-29', '2026-02-28', '2026-04-30', '2026-12-31'].map(isCalendarDay)).toEqual([true, true, true, true, true]);
    expect(['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '9999-99-99', '2026-1-1', '2026/01/01'].map(isCalendarDay)).toEqual(
      Array(9).fill(false),
    );
  });

  it('Day takes real days only, between 1900 and 2099', () => {
    expect(['2024-02-29', '1900-01-01', '2099-12-31'].map((day) => accepts(Day, day))).toEqual([true, true, true]);
    expect(['2026-02-30', '2026-02-29', '2026-02-31', '1899-12-31', '2100-01-01', '2026-01-01 10:00:00', '2026-01-01\u0000'].map((day) => accepts(Day, day))).toEqual(
      Array(7).fill(false),
    );
  });

  it("EndDay takes the monthly mode's -31 for every month and means the month's last day", () => {
    const decode = (day: string) => Value.Decode(EndDay, day);
    expect(decode('2026-02-31')).toBe('2026-02-28');
    expect(decode('2024-02-31')).toBe('2024-02-29');
    expect(decode('2026-02-29')).toBe('2026-02-28');
    expect(decode('2026-04-31')).toBe('2026-04-30');
    expect(decode('2026-01-31')).toBe('2026-01-31');
    expect(decode('2026-02-14')).toBe('2026-02-14');
    for (const day of ['2026-02-32', '2026-13-31', '2026-02-00', '9999-99-99', '2026-2-28']) expect(accepts(EndDay, day), day).toBe(false);
  });

  it('DayTime takes a real day with an optional real time; EndDayTime clamps the day part', () => {
    expect(['2026-02-28', '2026-02-28 23:59:59', '2024-02-29 00:00:00'].map((value) => accepts(DayTime, value))).toEqual([true, true, true]);
    expect(['2026-02-30 10:00:00', '2026-01-01 24:00:00', '2026-01-01 10:60:00', '2026-01-01T10:00:00', '2026-01-01 10:00'].map((value) => accepts(DayTime, value))).toEqual(
      Array(5).fill(false),
    );
    expect(Value.Decode(EndDayTime, '2026-02-31 23:59:59')).toBe('2026-02-28 23:59:59');
    expect(Value.Decode(EndDayTime, '2026-06-31')).toBe('2026-06-30');
  });

  it('decodes inside an object body, so a handler sees the real end', () => {
    const Body = Type.Object({ startTime: Type.Optional(Day), endTime: Type.Optional(EndDay) });
    expect(Value.Decode(Body, { startTime: '2026-02-01', endTime: '2026-02-31' })).toEqual({ startTime: '2026-02-01', endTime: '2026-02-28' });
  });
});

describe('Nullable', () => {
  it('takes the value or null, nothing else', () => {
    expect([1, null].map((value) => accepts(Nullable(Id), value))).toEqual([true, true]);
    expect([0, undefined, 'x'].map((value) => accepts(Nullable(Id), value))).toEqual([false, false, false]);
  });
});

