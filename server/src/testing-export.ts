/**
 * The part of `@pest/server/testing` that bench/export needs, as its own entry
 * (`@pest/server/testing/export`): that benchmark measures each child's peak RSS, which counts
 * every module loaded, so its children must not load the gateway and the rest.
 */
export { openPostgres } from './backend/db/postgres.ts';
export { migrate } from './backend/db/migrate.ts';
export { seed } from './demo/seed/index.ts';
export { findSheet, sheetHeader } from './backend/job-orders/point-check-sheet.ts';
export { pointCheckSheet } from './backend/job-orders/point-check-export.ts';
export { sheetRowBatches } from './backend/job-orders/point-check-queries.ts';
export { writeXlsx } from './backend/exports/xlsx-export.ts';
