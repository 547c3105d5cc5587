/**
 * The part of `@pest/server/testing` that bench/auditpack needs, as its own entry
 * (`@pest/server/testing/audit-pack`): that benchmark measures the peak RSS of the process that
 * builds a pack, which counts every module loaded, so it must not load the gateway and the rest.
 */
export { openDatabase } from './backend/db/open-database.ts';
export { demoWorld } from './demo/index.ts';
export { insertPack } from './backend/audit-pack/pack-jobs.ts';
export { startPackRunner } from './backend/audit-pack/pack-runner.ts';
export { packProcessBuild } from './backend/audit-pack/pack-process.ts';
