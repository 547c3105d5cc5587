export * from './endpoint.ts';
export * from './endpoint-request.ts';
export * from './interpret-envelope.ts';
