/**
 * The server's public entry for tests and benchmarks outside `server/` (`@pest/server/testing`):
 * the browser tests and `bench/` start a real product from these, and nothing else of the
 * server's inside is theirs to import, so its files can move without breaking them.
 */
export { loadConfig, SEED_SCALES, type SeedScale } from './config.ts';
export { createGateway } from './gateway/create-gateway.ts';
export { createCuttableProxy } from './gateway/live/testing/cuttable-proxy.ts';
export { connected, connectLive } from './gateway/live/testing/live-client.ts';
export { createBackend } from './backend/create-backend.ts';
export { createTestBackend, signIn, type TestBackend } from './backend/testing.ts';
export type { Db } from './backend/db/db.ts';
export { openDatabase } from './backend/db/open-database.ts';
export { demoWorld } from './demo/index.ts';
export { signReport } from './backend/devices/report-signature.ts';
export { sendReport, type ReportingDevice } from './backend/devices/send-report.ts';
export { startHttpReceiver, type Received } from './backend/common/testing-receivers.ts';
export type { Clock } from './clock/clock.ts';
export { createManualClock, type ManualClock } from './clock/manual-clock.ts';
export * from './testing-export.ts';
