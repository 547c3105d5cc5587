import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';

/** A file answered as a stream or buffer, for its OpenAPI entry: Fastify sends it as it is, the schema only documents it. */
export const FileStream = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
