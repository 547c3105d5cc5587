import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { InputMessages, parseQueryInteger } from '@pest/shared';
import { describeInputError } from './input-errors.ts';

/** Enough reasons for a readable message; a 5,000-item list of wrong items needs only the first. */
const MAX_REASONS = 10;

type Part = 'body' | 'querystring' | 'params' | 'headers' | string;
type Result = { value: unknown } | { error: FastifySchemaValidationError[] };

/**
 * Request validation with the shared TypeBox schemas (contract/common.ts gives them their limits):
 * - Properties a body or query schema does not name are dropped, never refused: a client written
 *   to the spec may send the whole filter form, as a provider's real backend would ignore the rest.
 *   What a schema names stays strictly typed, and bodies are never coerced (a number is not text).
 * - Query and path values arrive as text: an integer field takes only plain decimal digits.
 * - Transforms (days past their month's end) are decoded after the check: handlers get real dates.
 * It never throws: Fastify would answer a throwing validator with a 500.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  return (input: unknown): Result => {
    try {
      const value = prepare(schema, httpPart, input);
      if (!check.Check(value)) return { error: reasons(check.Errors(value)) };
      return { value: check.Decode(value) };
    } catch {
      return { error: [reason('', InputMessages.invalid)] };
    }
  };
};

function prepare(schema: TSchema, part: Part | undefined, input: unknown): unknown {
  if (part === 'body') return Value.Clean(schema, input);
  if (part === 'querystring') return Value.Clean(schema, integersFromText(schema, input));
  if (part === 'params') return integersFromText(schema, input);
  return input;
}

/** Query and path values of integer fields as numbers, when they are plain decimal integers; the rest as sent. */
function integersFromText(schema: TSchema, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !schema.properties) return input;
  const converted: Record<string, unknown> = { ...input };
  for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const text = converted[key];
    if (property.type !== 'integer' || typeof text !== 'string') continue;
    const number = parseQueryInteger(text);
    if (number !== undefined) converted[key] = number;
  }
  return converted;
}

const reason = (instancePath: string, message: string): FastifySchemaValidationError => ({ keyword: 'schema', instancePath, schemaPath: '', params: {}, message });

function reasons(errors: Iterable<Parameters<typeof describeInputError>[0]>): FastifySchemaValidationError[] {
  const found: FastifySchemaValidationError[] = [];
  for (const error of errors) {
    found.push(reason(error.path, describeInputError(error)));
    if (found.length === MAX_REASONS) break;
  }
  return found;
}
