import fc from 'fast-check';
import { NO_NUL_PATTERN } from '@pest/shared';
import type { FuzzRoute, JsonSchema, Parameter } from './openapi-routes.ts';

/**
 * fast-check arbitraries for malformed requests, built from a route's OpenAPI schemas: each field
 * is absent, valid (so requests also reach the database) or malformed (wrong type, huge or
 * fractional number, NUL, long text, impossible date), with unknown properties mixed in. Deep
 * nesting and huge number literals are written as JSON text: building them as values would
 * overflow this side's stack first.
 */

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  body?: { text: string; contentType: string };
  /** display: a display link's token, which reaches the wallboard's reads and is refused elsewhere. */
  auth: 'admin' | 'display' | 'none' | 'junk';
}

const NUMBERS = [1e30, -1e30, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_VALUE, 1.5, -0.5, 1e-300, 0, -1];
const TEXTS = [
  '', 'a\u0000b', '\u0000', '2026-02-30', '9999-99-99', '2026-02-31', '2026-13-01', '0000-00-00', '2026-02-29', '2026-01-01 24:00:00',
  '1e9', '0x10', '1.5', '99999999999999999999', '\ud800', '😀'.repeat(50), "'; drop table devices; --", '../../etc/passwd',
];
const LONG_TEXTS = [1_000, 100_000, 500_000].map((length) => 'x'.repeat(length));

/** A value of any shape that a field of a valid request would not hold. */
export const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NUMBERS, ...TEXTS, null, true, false, {}, [], [null], [1e30], ['1'], { id: 1 }),
  fc.constantFrom(...LONG_TEXTS),
  fc.constant(Array.from({ length: 6_000 }, (_, i) => i + 1)),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Text a query or path value should not be. */
const malformedText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e9', '0x10', '1.5', '010', '99999999999999999999', '2147483648', '-1', '0', '', ' 1', '1 ', 'true', '[]', '\u0000', 'a\u0000b', '..', '%00'),
  fc.constantFrom('x'.repeat(5_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const DAYS = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((day) => day.toISOString().slice(0, 10));

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'day':
      return DAYS;
    case 'day-end':
      return fc.oneof(DAYS, DAYS.map((day) => `${day.slice(0, 7)}-31`));
    case 'day-time':
      return fc.oneof(DAYS, DAYS.map((day) => `${day} 12:30:00`));
    case 'day-time-end':
      return fc.oneof(DAYS, DAYS.map((day) => `${day.slice(0, 7)}-31 23:59:59`));
  }
  // Printable ASCII: no NUL, so free text passes its pattern; other patterns (file names, signatures) fix their own length.
  const minLength = schema.minLength ?? 0;
  if (!schema.pattern || schema.pattern === NO_NUL_PATTERN) return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 20, 20)) });
  return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
}

/** A value the schema accepts. Numbers stay near their minimum, where the demo data's ids are. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const step = schema.multipleOf ?? 1;
      const min = Math.ceil((schema.minimum ?? 0) / step);
      const max = Math.max(min, Math.floor(Math.min(schema.maximum ?? Infinity, (schema.minimum ?? 0) + 100) / step));
      return fc.integer({ min, max }).map((n) => n * step);
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectOf(schema, validValue);
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** A field's value in a fuzzed body: mostly valid, often malformed; objects are fuzzed field by field. */
function fuzzedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.type === 'object' && schema.properties) return fc.oneof(objectOf(schema, fuzzedValue), malformedValue);
  return fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: 2, arbitrary: malformedValue });
}

function objectOf(schema: JsonSchema, field: (schema: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, field(property)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

const unknownProperties = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 });

const json = (value: unknown) => ({ text: JSON.stringify(value), contentType: 'application/json' });
const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** A body: the schema's object fuzzed, or JSON of the wrong shape, deep, huge or broken, or no body at all. */
function bodyArbitrary(schema: JsonSchema | null): fc.Arbitrary<FuzzRequest['body']> {
  const fields = Object.keys(schema?.properties ?? {});
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('x');
  const object = schema?.type === 'object' ? objectOf(schema, fuzzedValue) : fc.constant({});
  return fc.oneof(
    { weight: 12, arbitrary: fc.tuple(object, unknownProperties).map(([known, unknown]) => json({ ...unknown, ...known })) },
    { weight: 2, arbitrary: malformedValue.map(json) },
    { weight: 1, arbitrary: fc.constant(json({})) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.constantFrom(1_000, 10_000, 100_000), fc.boolean())
        .map(([name, depth, arrays]) => ({ text: `{"${name}":${arrays ? nested(depth, '[', ']') : nested(depth, '{"a":', '}')}}`, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.constantFrom(`1${'0'.repeat(400)}`, '-1e400', '1e-400', '123456789012345678901234567890', '1.0000000000000000001'))
        .map(([name, literal]) => ({ text: `{"${name}":${literal}}`, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,]', 'null', '"text"', '\ufeff{}', '{"a":"\u0000"}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '')
        .map((text) => ({ text, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data').map((contentType) => ({ text: '{}', contentType })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function textOf(parameter: Parameter): fc.Arbitrary<string | string[]> {
  const valid = validValue(parameter.schema).map(String);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: malformedText },
    { weight: 1, arbitrary: fc.array(fc.oneof(valid, malformedText), { minLength: 2, maxLength: 3 }) },
  );
}

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const model = Object.fromEntries(parameters.map((parameter) => [parameter.name, textOf(parameter)]));
  return fc.tuple(fc.record(model, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), malformedText, { maxKeys: 2 })).map(([known, unknown]) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...unknown, ...known })) for (const one of [value ?? []].flat()) search.append(name, one);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

function pathArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const model = Object.fromEntries(
    route.pathParams.map((parameter) => [
      parameter.name,
      fc.oneof(validValue(parameter.schema).map(String), malformedText, fc.constant('uploads/u1/../../secret.png')),
    ]),
  );
  // Also sent as they are: broken percent-encoding is a malformed path of its own.
  const raw = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e');
  return fc.tuple(fc.record(model), fc.option(raw, { freq: 8 })).map(([values, rawValue]) =>
    route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      if (rawValue !== null) return rawValue;
      const value = values[name] as string;
      // The wildcard takes a path of segments; every other parameter is one segment.
      return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
    }),
  );
}

/** Requests to one route, with an admin token, without one, or with a token that is not one. */
export function requestArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const sendsBody = route.method !== 'GET';
  return fc
    .record({
      path: pathArbitrary(route),
      query: queryArbitrary(route.query),
      body: sendsBody ? bodyArbitrary(route.body) : fc.constant(undefined),
      // Mostly signed in, so most cases get past the session check to the route itself.
      auth: fc.oneof(
        { weight: 4, arbitrary: fc.constant<FuzzRequest['auth']>('admin') },
        fc.constant<FuzzRequest['auth']>('display'),
        fc.constant<FuzzRequest['auth']>('none'),
        fc.constant<FuzzRequest['auth']>('junk'),
      ),
    })
    .map(({ path, query, body, auth }) => ({ method: route.method, url: `${path}${query}`, body, auth }));
}

/** A JSON body just over the 1 MiB limit, in one of the route's fields. */
export function oversizedBody(route: FuzzRoute): NonNullable<FuzzRequest['body']> {
  const name = Object.keys(route.body?.properties ?? {})[0] ?? 'x';
  return { text: JSON.stringify({ [name]: 'x'.repeat(1024 * 1024 + 1) }), contentType: 'application/json' };
}
