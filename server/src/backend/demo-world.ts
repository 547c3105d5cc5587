import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { DemoFillPart, DeviceModelSaveBody, IntegrationSaveBody } from '@pest/shared';
import type { Clock } from '../clock/clock.ts';
import type { Config, SeedScale } from '../config.ts';
import type { Db, Queryable } from './db/db.ts';
import type { FileStore } from './files/file-store.ts';
import type { FieldDoors } from './common/field-writes.ts';

/**
 * What the demo brings to a backend that runs it (DEMO=on): a generated provider on an empty
 * database, the history a first start fills in while it answers, and the live writers (the
 * simulated fleet and staff). The product never imports the demo (server/src/demo): the
 * composition root hands its world in, and DEMO=off hands none.
 */
export interface DemoWorld {
  /** Fills an empty database with the demo's provider, its customers and their history up to `anchor`. */
  seed(db: Db, options: DemoSeedOptions): Promise<void>;
  /** Registers the demo's running parts on a backend about to start. */
  attach(app: FastifyInstance, context: DemoContext): RunningDemo;
}

export interface DemoSeedOptions {
  scale: SeedScale;
  logger: Logger;
  /** Where the history ends (DEMO_ANCHOR); the moment of seeding when not given. */
  anchor?: Date | null;
  /** 'later': the older history is filled in by the running backend (RunningDemo.filling), not before it answers. */
  fill?: 'now' | 'later';
}

export interface DemoContext {
  db: Db;
  logger: FastifyBaseLogger;
  config: Pick<Config, 'simulator' | 'simulatorRate' | 'schedulerRate' | 'mqttUrl'>;
  /** What the live writers tick on; the system's unless a test moves time itself. */
  clock?: Clock;
  onBanner?: (line: string) => void;
  /** The background fill waits for this first: a test looks at the product before it. */
  fillAfter?: Promise<void>;
  /** The object store, where the demo's documents have their scans. */
  uploads: FileStore;
  /** The simulated staff finished visits: their reports can be rendered ahead. */
  onVisitsFinished(): void;
  /** The product's own writes the demo connects its LoRa boxes with (MQTT_URL), as a provider would. */
  connectivity: DemoConnectivity;
  /** The field app's writes, which the demo's simulated technician records visits through. */
  field: FieldDoors;
}

export interface DemoConnectivity {
  /** Saves a device model, its codec run on its examples. */
  saveModel(tx: Queryable, body: DeviceModelSaveBody): Promise<number>;
  /** Saves an integration, its broker checked against INTEGRATION_ALLOWED_HOSTS. */
  saveIntegration(tx: Queryable, body: IntegrationSaveBody): Promise<{ id: number }>;
  /** An integration was saved: subscribe now rather than at the runner's next look. */
  reloadIntegrations(): void;
}

export interface RunningDemo {
  /** The parts of a first start's history still being filled in (GET /api/demo/fill). */
  filling(): DemoFillPart[];
  /** While the simulated staff's day runs, the moment the data is filled to: the overdue rule judges up to it. */
  dataUpTo?: () => Promise<Date | null>;
}
