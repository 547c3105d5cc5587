import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { DayFormats, InputMessages, NO_NUL_PATTERN } from '@pest/shared';

/** The Chinese reason a value was refused, for the envelope's message (`参数错误: body/startTime 日期无效…`). */
export function describeInputError({ type, schema }: ValueError): string {
  switch (type) {
    case ValueErrorType.ObjectRequiredProperty:
      return InputMessages.required;
    case ValueErrorType.Integer:
      return InputMessages.integer;
    case ValueErrorType.Number:
      return InputMessages.number;
    case ValueErrorType.String:
      return InputMessages.string;
    case ValueErrorType.Boolean:
      return InputMessages.boolean;
    case ValueErrorType.Array:
      return InputMessages.array;
    case ValueErrorType.Object:
      return InputMessages.object;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return InputMessages.minimum(schema.minimum);
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return InputMessages.maximum(schema.maximum);
    case ValueErrorType.IntegerMultipleOf:
    case ValueErrorType.NumberMultipleOf:
      return InputMessages.multipleOf(schema.multipleOf);
    case ValueErrorType.StringMinLength:
      return InputMessages.minLength(schema.minLength);
    case ValueErrorType.StringMaxLength:
      return InputMessages.maxLength(schema.maxLength);
    case ValueErrorType.ArrayMinItems:
      return InputMessages.minItems(schema.minItems);
    case ValueErrorType.ArrayMaxItems:
      return InputMessages.maxItems(schema.maxItems);
    case ValueErrorType.Literal:
    case ValueErrorType.Null:
    case ValueErrorType.Union:
      return InputMessages.oneOf(allowedValues(schema));
    case ValueErrorType.StringFormat:
    case ValueErrorType.StringPattern:
      return formatReason(schema);
    default:
      return InputMessages.invalid;
  }
}

function formatReason(schema: ValueError['schema']): string {
  switch (schema.format) {
    case DayFormats.day:
    case DayFormats.dayEnd:
      return InputMessages.day;
    case DayFormats.dayTime:
    case DayFormats.dayTimeEnd:
      return InputMessages.dayTime;
  }
  return schema.pattern === NO_NUL_PATTERN ? InputMessages.nul : InputMessages.format;
}

/** The constants a literal, null or union of them allows, e.g. [0, 1, null]; empty for other unions. */
function allowedValues(schema: ValueError['schema']): unknown[] {
  const members: ValueError['schema'][] = schema.anyOf ?? [schema];
  const values = members.flatMap((member) => (member.anyOf ? allowedValues(member) : 'const' in member ? [member.const] : member.type === 'null' ? [null] : [undefined]));
  return values.includes(undefined) ? [] : values;
}
