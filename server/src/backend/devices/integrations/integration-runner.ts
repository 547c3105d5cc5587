import { IntegrationState, MQTT_INTEGRATION_KINDS } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../../clock/clock.ts';
import type { SecretBox } from '../../common/secret-box.ts';
import { checkDestination, type AllowedHosts } from '../../common/outbound-guard.ts';
import { writerLease, type WriterLease } from '../../common/writer-lease.ts';
import type { Db } from '../../db/db.ts';
import { runWithQueryContext } from '../../db/query-context.ts';
import type { UplinkPipeline } from '../ingest/ingest-uplink.ts';
import { setIntegrationState } from './integration-queries.ts';
import { MQTT_DESTINATIONS } from './broker-destination.ts';
import { eventOfTopic, subscribeMqtt, type MqttSubscription } from './mqtt-subscriber.ts';
import { drainUplinkQueue, enqueueMessage } from './uplink-queue.ts';

const NEVER = new AbortController().signal;
/** How often the holder looks for integrations saved in another process, and for queued webhooks left behind. */
const SYNC_EVERY_MS = 5_000;

export interface IntegrationRunner {
  start(): Promise<void>;
  /** An integration was saved here: subscribe, resubscribe or unsubscribe now, not at the next look. */
  reload(): void;
  /** A webhook was queued here: process it now. */
  queued(): void;
  stop(): Promise<void>;
}

interface Running {
  version: number;
  stop(): Promise<void>;
}

/**
 * Runs the integrations' background work in one backend process of those sharing the database
 * (a lease): the MQTT subscriptions of the enabled MQTT integrations, and the queue of webhook
 * bodies. Runs whenever the backend runs, demo or not.
 */
export function createIntegrationRunner(options: {
  db: Db;
  box: SecretBox;
  pipeline: UplinkPipeline;
  logger: FastifyBaseLogger;
  /** INTEGRATION_ALLOWED_HOSTS: brokers that may be at private addresses or speak plain mqtt. */
  allowedHosts: AllowedHosts;
  clock?: Clock;
}): IntegrationRunner {
  const { db, box, pipeline, logger, allowedHosts, clock = systemClock } = options;
  const running = new Map<number, Running>();
  let held = false;
  let timer: ClockTimer | undefined;
  let syncing: Promise<void> = Promise.resolve();
  let draining: Promise<void> | null = null;
  let drainAgain = false;
  // Per integration, its states are saved in the order they happened: on a pool, two updates sent at
  // once may commit in either order, and a 'connecting' landing after 'connected' stayed on screen.
  const stateWrites = new Map<number, Promise<void>>();
  const saveState = (id: number, state: string, error: string | null): Promise<void> => {
    const next = (stateWrites.get(id) ?? Promise.resolve())
      .then(() => setIntegrationState(db, id, state, error))
      .catch((failure: unknown) => logger.warn({ err: failure }, 'integrations: state not saved'));
    stateWrites.set(id, next);
    void next.finally(() => {
      if (stateWrites.get(id) === next) stateWrites.delete(id);
    });
    return next;
  };

  const sync = () => {
    syncing = syncing.then(syncSubscriptions).catch((error: unknown) => logger.warn({ err: error }, 'integrations: could not read them'));
    return syncing;
  };
  // One drain at a time; a message queued meanwhile makes it go round once more. Its statements are
  // nobody's request (none may cancel them) and wait behind interactive ones on PGlite.
  const drain = () => {
    if (!held) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = runWithQueryContext({ signal: NEVER, heavy: true }, async () => {
      do {
        drainAgain = false;
        await drainUplinkQueue(db, pipeline, box, logger);
      } while (drainAgain && held);
    })
      .catch((error: unknown) => logger.warn({ err: error }, 'integrations: queued uplinks not processed'))
      .finally(() => (draining = null));
  };

  async function syncSubscriptions(): Promise<void> {
    if (!held) return;
    const wanted = await db.query<{ id: number; kind: string; version: number; settings: { mqttUrl: string; username: string | null; topic: string; clientId: string }; sealed: string | null }>(
      `select id, kind, version, settings, sealed_secret as sealed from integrations where enabled and kind = any($1::text[])`,
      [[...MQTT_INTEGRATION_KINDS]],
    );
    const ids = new Set(wanted.map((row) => row.id));
    for (const [id, subscription] of running) {
      if (!ids.has(id) || wanted.find((row) => row.id === id)!.version !== subscription.version) {
        running.delete(id);
        await subscription.stop();
      }
    }
    for (const row of wanted) {
      if (running.has(row.id)) continue;
      // Checked with its addresses resolved, and connected to the address checked, so a DNS answer cannot change in between.
      const destination = await checkDestination(row.settings.mqttUrl, allowedHosts, undefined, MQTT_DESTINATIONS);
      if (!destination.ok) {
        await saveState(row.id, IntegrationState.error, destination.reason);
        running.set(row.id, { version: row.version, stop: async () => undefined });
        continue;
      }
      const subscription: MqttSubscription = {
        integrationId: row.id,
        kind: row.kind,
        clientId: row.settings.clientId,
        mqttUrl: row.settings.mqttUrl,
        address: destination.address,
        username: row.settings.username,
        password: row.sealed ? box.open(row.sealed) : null,
        topic: row.settings.topic,
      };
      const subscriber = subscribeMqtt(subscription, {
        logger,
        // Kept, then acknowledged, then processed with the webhooks' queue: the broker's next message
        // waits only for this one insert, not for the uplink to be recorded.
        onMessage: async (topic, body) => {
          await enqueueMessage(db, row.id, eventOfTopic(row.kind, topic), body, pipeline.now());
          drain();
        },
        onState: (state, error) => saveState(row.id, state, error),
      });
      running.set(row.id, { version: row.version, stop: subscriber.stop });
    }
  }

  const stopAll = async () => {
    const all = [...running.values()];
    running.clear();
    await Promise.all(all.map((subscription) => subscription.stop()));
  };

  const lease: WriterLease = writerLease(db, {
    name: 'device-integrations',
    logger: logger.child({ component: 'integrations' }),
    clock,
    onHeld: async () => {
      held = true;
      await sync();
      drain();
      timer = clock.setInterval(() => {
        void sync();
        drain();
      }, SYNC_EVERY_MS);
    },
    onLost: async () => {
      held = false;
      clock.clearInterval(timer);
      await syncing;
      await draining;
      await stopAll();
      await Promise.all(stateWrites.values());
      // Those it ran now wait for the next holder.
      await db.query(`update integrations set state = '${IntegrationState.idle}' where enabled and kind = any($1::text[])`, [[...MQTT_INTEGRATION_KINDS]]).catch(() => undefined);
    },
  });

  return {
    start: () => lease.start(),
    reload: () => void sync(),
    queued: drain,
    stop: () => lease.stop(),
  };
}
