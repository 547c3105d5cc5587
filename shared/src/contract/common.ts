import { FormatRegistry, Type, type TSchema, type TString } from '@sinclair/typebox';
import { clampMonthEnd } from '../rules/dateRange.ts';

/**
 * The input types every request schema is built from, with the limits of what stores them: ids are
 * PostgreSQL `integer`s, dates are real calendar days, text holds no NUL (which PostgreSQL text
 * cannot). A value outside them is a 400 with a reason (InputMessages), never a database error.
 */

/** The largest PostgreSQL `integer`: every id and numeric code column is one. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** A value or null: a field the contract always sends, empty as null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row id. */
export const Id = Type.Integer({ minimum: 1, maximum: PG_INTEGER_MAX });
/** Ids to filter by: enough for every store of the largest organisation. */
export const ID_LIST_MAX_ITEMS = 5_000;
export const IdList = Type.Array(Id, { maxItems: ID_LIST_MAX_ITEMS });
/** A numeric code stored as an integer where 0 means something (a pest type, a dictionary type). */
export const Code = Type.Integer({ minimum: 0, maximum: PG_INTEGER_MAX });
/** A 1-based page number. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: PG_INTEGER_MAX });
/** The version of a record an editor loaded: a save of an older one is refused (409, ApiMessages.editConflict). */
export const EditVersion = Type.Integer({ minimum: 1, maximum: PG_INTEGER_MAX, description: 'the version the editor loaded; someone else saved since: 409' });

/**
 * A query-string id. Query values arrive as text and are read as numbers only when they are plain
 * decimal digits (QUERY_INTEGER_PATTERN): `1e9`, `0x10`, `1.5` and `010` are refused, not coerced.
 */
export const QueryId = Type.Integer({ minimum: 1, maximum: PG_INTEGER_MAX, description: 'decimal digits, 1–2147483647' });
const QUERY_INTEGER_PATTERN = /^(0|-?[1-9]\d*)$/;
/** The number a query-string value stands for, or undefined when it is not a plain decimal integer. */
export function parseQueryInteger(text: string): number | undefined {
  return QUERY_INTEGER_PATTERN.test(text) ? Number(text) : undefined;
}

/** Any character but NUL, as a JSON-schema pattern (the escape, not the character itself). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** Free text of at most `maxLength` characters, without NUL. */
export const Text = (maxLength: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({ ...options, maxLength, pattern: NO_NUL_PATTERN });
/** Names to match exactly (contacts, risk types, issue descriptions). */
export const NameList = Type.Array(Text(64), { maxItems: 500 });

// Days. Years are bounded so that a range's months stay few enough to list (charts list every month).
const YEAR = '(19|20)\\d{2}';
const DAY_SHAPE = `${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])`;
const TIME = '([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
const DAY_SHAPE_PATTERN = new RegExp(`^${DAY_SHAPE}$`);
const DAY_TIME_SHAPE_PATTERN = new RegExp(`^${DAY_SHAPE}( ${TIME})?$`);

/** True for 'yyyy-MM-dd' naming a day that exists: 2024-02-29 yes, 2026-02-29 and 2026-02-30 no. */
export function isCalendarDay(value: string): boolean {
  return DAY_SHAPE_PATTERN.test(value) && clampMonthEnd(value) === value;
}

/**
 * Custom formats, checked by TypeBox wherever these schemas are validated:
 * - day: a real calendar day;
 * - day-end: a day whose number may run past its month's end (the month contract's `-31`);
 * - day-time / day-time-end: the same, optionally followed by ' HH:mm:ss'.
 */
export const DayFormats = {
  day: 'day',
  dayEnd: 'day-end',
  dayTime: 'day-time',
  dayTimeEnd: 'day-time-end',
} as const;
FormatRegistry.Set(DayFormats.day, isCalendarDay);
FormatRegistry.Set(DayFormats.dayEnd, (value) => DAY_SHAPE_PATTERN.test(value));
FormatRegistry.Set(DayFormats.dayTime, (value) => DAY_TIME_SHAPE_PATTERN.test(value) && isCalendarDay(value.slice(0, 10)));
FormatRegistry.Set(DayFormats.dayTimeEnd, (value) => DAY_TIME_SHAPE_PATTERN.test(value));

/** A moment as ISO 8601 with an explicit offset (Z or ±hh:mm), e.g. 2026-12-31T18:00:00+08:00. */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const INSTANT_FORMAT = 'instant';
FormatRegistry.Set(INSTANT_FORMAT, (value) => INSTANT_PATTERN.test(value) && !Number.isNaN(Date.parse(value)));
export const Instant = Type.String({ format: INSTANT_FORMAT, maxLength: 35, description: 'ISO 8601 with an offset' });

/** A day that must exist: a range's start, a single day. */
export const Day = Type.String({ format: DayFormats.day, description: 'yyyy-MM-dd, a real calendar day' });
/** A day or a day with its time, both real: 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss'. */
export const DayTime = Type.String({ format: DayFormats.dayTime, description: 'yyyy-MM-dd or yyyy-MM-dd HH:mm:ss' });

/** Turns a day 29–31 past its month's end into that month's last day (console-spec section 9's monthly `-31`). */
const clampDayPart = (value: string) => `${clampMonthEnd(value.slice(0, 10))}${value.slice(10)}`;
const clamped = (schema: TString) => Type.Transform(schema).Decode(clampDayPart).Encode((value) => value);

/**
 * A range's inclusive end. The monthly mode sends month+'-31' for every month, so a day past the
 * month's end is accepted and means its last day (2026-02-31 is read as 2026-02-28); handlers get
 * the real date.
 */
export const EndDay = clamped(
  Type.String({ format: DayFormats.dayEnd, description: "yyyy-MM-dd; a day past the month's end (-31) means its last day" }),
);
/** EndDay, optionally with ' HH:mm:ss'. */
export const EndDayTime = clamped(
  Type.String({ format: DayFormats.dayTimeEnd, description: "yyyy-MM-dd or yyyy-MM-dd HH:mm:ss; a day past the month's end means its last day" }),
);

/** Reasons a field is refused, after `参数错误: <field>`. */
export const InputMessages = {
  required: '不能为空',
  integer: '应为整数',
  number: '应为数字',
  string: '应为字符串',
  boolean: '应为 true 或 false',
  array: '应为数组',
  object: '应为对象',
  minimum: (limit: number) => `不能小于 ${limit}`,
  maximum: (limit: number) => `不能大于 ${limit}`,
  multipleOf: (step: number) => `应为 ${step} 的倍数`,
  minLength: (limit: number) => (limit === 1 ? '不能为空' : `长度不能少于 ${limit} 个字符`),
  maxLength: (limit: number) => `长度不能超过 ${limit} 个字符`,
  minItems: (limit: number) => `至少 ${limit} 项`,
  maxItems: (limit: number) => `最多 ${limit} 项`,
  oneOf: (allowed: readonly unknown[]) => (allowed.length ? `应为 ${allowed.map((value) => JSON.stringify(value)).join('、')} 之一` : '取值无效'),
  nul: '不能包含空字符 (\\u0000)',
  day: '日期无效，应为 yyyy-MM-dd 格式的真实日期',
  dayTime: '日期无效，应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss 格式的真实时间',
  format: '格式无效',
  invalid: '取值无效',
  /** A value the database refused (out of range, impossible date, NUL) that no schema caught. */
  outOfRange: '参数值无效或超出允许的范围',
} as const;
