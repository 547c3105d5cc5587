import type { DemoWorld } from '../backend/demo-world.ts';
import { attachDemo } from './attach-demo.ts';
import { seed } from './seed/index.ts';

/**
 * The demo (DEMO=on): a generated provider with a year of history, and its simulated fleet and
 * staff. Only the composition root (main.ts, process/, app.ts) and test harnesses hand it to the
 * product.
 */
export const demoWorld: DemoWorld = { seed, attach: attachDemo };
