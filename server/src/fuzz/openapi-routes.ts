/** The subset of JSON Schema (as @fastify/swagger writes the TypeBox schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the API as the fuzzer drives it. */
export interface FuzzRoute {
  method: string;
  /** The OpenAPI path, parameters in braces: /api/oss/{*}. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; null when the operation documents none. */
  body: JsonSchema | null;
  label: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the document, with $refs to its components resolved. */
export function fuzzRoutes(document: OpenApiDocument): FuzzRoute[] {
  const resolve = (schema: JsonSchema): JsonSchema => {
    const named = schema.$ref ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : undefined;
    return named ?? schema;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({ name: parameter.name, required: parameter.required ?? false, schema: resolve(parameter.schema) }));
      const json = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters('path'),
        query: parameters('query'),
        body: json ? resolve(json) : null,
        label: `${method.toUpperCase()} ${path}`,
      };
    }),
  );
}
