/** The environment variable that carries a gateway worker's configuration (JSON, with the upstream filled in). */
export const GATEWAY_WORKER_CONFIG_ENV = 'PEST_GATEWAY_WORKER_CONFIG';

/** What a gateway worker tells the primary: it listens (on the port the workers share), or it could not start. */
export type GatewayWorkerMessage = { type: 'ready'; port: number } | { type: 'failed'; message: string };

/** What the primary tells a gateway worker. */
export type GatewayPrimaryMessage = { type: 'close' };
