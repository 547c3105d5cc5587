import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

type Serializer = (data: unknown) => string;

const compiled = new Map<string, Serializer>();

/**
 * Fastify's own response serialisation (fast-json-stringify), compiled once per schema for the
 * process rather than once per route per server: building the ~170 answers' serialisers took
 * 0.85 s of every backend's start, and a test worker starts dozens of backends. A serialiser
 * depends on its schema alone (no answer refers to a shared schema by $ref), so equal schemas share one.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = JSON.stringify(schema);
  let serializer = compiled.get(key);
  if (!serializer) {
    serializer = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serializer;
    compiled.set(key, serializer);
  }
  return serializer;
};
