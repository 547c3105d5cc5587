import type { FastifyInstance } from 'fastify';
import { systemClock } from '../clock/clock.ts';
import type { DemoContext, RunningDemo } from '../backend/demo-world.ts';
import { writerLease } from '../backend/common/writer-lease.ts';
import { connectDemoFleet, type DemoFleetBroker } from './devices/mqtt-fleet.ts';
import { startSimulator } from './devices/simulator.ts';
import { CATCH_UP_NEWS_MS, catchUp, describeCatchUp } from './living/catch-up.ts';
import { prepareDemoFill, type DemoFill } from './living/demo-fill.ts';
import { fieldCrew } from './living/field-crew.ts';
import { startServiceScheduler } from './living/service-scheduler.ts';
import { writeMissingSeededScans } from './provider-documents/seeded-scans.ts';
import { readDemoClock } from './seed/demo-clock.ts';

/**
 * The demo's running parts on a backend: a first start's rest of the history, filled in once the
 * backend listens; the seeded documents' scans in the object store; and with SIMULATOR=on the live
 * writers (the simulated fleet and staff), which wait for the fill.
 */
export function attachDemo(app: FastifyInstance, { db, logger, config, clock, onBanner, fillAfter, uploads, onVisitsFinished, connectivity, field }: DemoContext): RunningDemo {
  let demoFill: DemoFill | undefined;
  app.addHook('onReady', async () => {
    demoFill = await prepareDemoFill(db, logger.child({ component: 'demo-fill' }), { after: fillAfter });
    const line = demoFill.bannerLine();
    if (line) onBanner?.(line);
  });
  app.addHook('onListen', async () => demoFill?.start());
  app.addHook('onClose', async () => demoFill?.stop());

  // The seed writes rows, not files: the scans are drawn into the store the database meets.
  app.addHook('onReady', () => writeMissingSeededScans(db, uploads));

  if (config.simulator) attachWriters(app, { db, logger, config, clock, onBanner, onVisitsFinished, connectivity, field, uploads }, () => demoFill!);
  return {
    filling: () => demoFill?.filling() ?? [],
    // While the demo's service day runs, its day is the one judged: it may run ahead of the clock,
    // and after a stop its catch-up finishes the visits of the days it was off first.
    dataUpTo: config.simulator ? async () => (await readDemoClock(db))?.filledTo ?? null : undefined,
  };
}

/**
 * The live writers: the business catches up with the clock before the first request, then both
 * run from when the routes are ready and stop before the database closes (onClose runs first).
 */
function attachWriters(
  app: FastifyInstance,
  { db, logger, config, clock, onBanner, onVisitsFinished, connectivity, field, uploads }: Omit<DemoContext, 'fillAfter'>,
  demoFill: () => DemoFill,
): void {
  let simulator: ReturnType<typeof startSimulator> | undefined;
  let scheduler: ReturnType<typeof startServiceScheduler> | undefined;
  let broker: DemoFleetBroker | undefined;
  let writersStarted: Promise<void> = Promise.resolve();
  let closing = false;
  const startWriters = async () => {
    const filled = await catchUp(db, new Date((clock ?? systemClock).now()));
    // A first start's own seeding minutes are no news.
    if (filled && filled.to.getTime() - filled.from.getTime() >= CATCH_UP_NEWS_MS) {
      const line = describeCatchUp(filled);
      logger.info({ catchUp: filled }, line);
      onBanner?.(line);
    }
    const crew = fieldCrew(db, field, uploads, logger.child({ component: 'field-crew' }));
    scheduler = startServiceScheduler(db, logger.child({ component: 'scheduler' }), { rate: config.schedulerRate, clock, onVisitsFinished, crew });
    // With MQTT_URL the LoRa boxes report through the broker and the product's integration, as real ones do.
    if (config.mqttUrl) broker = await connectDemoFleet(db, { mqttUrl: config.mqttUrl, ...connectivity, logger: logger.child({ component: 'demo-fleet' }) });
    simulator = startSimulator(db, logger.child({ component: 'simulator' }), { speed: config.simulatorRate, clock, send: broker?.publish });
  };
  const stopWriters = async () => {
    await scheduler?.stop();
    await simulator?.stop();
    await broker?.close();
    scheduler = simulator = broker = undefined;
  };
  // One process of those on the database runs them: two would double the fleet's heartbeats.
  const lease = writerLease(db, { name: 'demo-writers', logger: logger.child({ component: 'writers' }), clock, onHeld: startWriters, onLost: stopWriters });
  app.addHook('onReady', async () => {
    // With nothing left to fill, the catch-up comes before the first request, as always.
    if (demoFill().filling().length === 0) await lease.start();
    else writersStarted = demoFill().done.then((complete) => (complete && !closing ? lease.start() : undefined));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await demoFill().stop();
    await writersStarted;
    await lease.stop();
  });
}
