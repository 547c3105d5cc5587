import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { AuditAction, AuditObjectType, DeviceKind, IntegrationKind, type CodecExample, type DecodedReading } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit, type AuditEntryInput } from '../../backend/common/audit-log.ts';
import type { Db } from '../../backend/db/db.ts';
import type { DemoConnectivity } from '../../backend/demo-world.ts';
import { setDeviceConnectivity } from '../../backend/devices/device-registration.ts';
import type { DeviceReport } from '../../backend/devices/record-report.ts';
import { DEMO_ACTOR, DEMO_SCOPE } from '../demo-actor.ts';

export const DEMO_MODEL_NAME = '演示LoRa鼠盒';
export const DEMO_INTEGRATION_NAME = '演示ChirpStack';
const EVENTS = ['heartbeat', 'capture', 'trigger', 'maintain'] as const;
/** Bytes 1–2 when the box measured no temperature. */
const NO_TEMPERATURE = 0x8000;
/** Byte 0 when the box sent no battery level. */
const NO_BATTERY = 0xff;

/**
 * The demo box's payload, as a vendor would document it: byte 0 battery % (255: none), bytes 1–2
 * temperature × 10 as a signed 16-bit number (0x8000: none), byte 3 the event.
 */
export const DEMO_CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  if (b.length !== 4) return { errors: ['演示鼠盒的数据应为4个字节，收到' + b.length + '个'] };
  var data = {};
  if (b[0] !== ${NO_BATTERY}) data.battery = b[0];
  var t = (b[1] << 8) | b[2];
  if (t !== ${NO_TEMPERATURE}) data.temperature = (t & 0x8000 ? t - 0x10000 : t) / 10;
  var event = ${JSON.stringify(EVENTS)}[b[3]];
  if (!event) return { errors: ['未知事件 ' + b[3]] };
  data.event = event;
  return { data: data };
}`;

/** A demo box's reading as the bytes it sends. */
export function encodeDemoPayload(report: Pick<DeviceReport, 'battery' | 'temperature' | 'event'>): Buffer {
  const temperature = report.temperature === undefined ? NO_TEMPERATURE : Math.round(report.temperature * 10) & 0xffff;
  return Buffer.from([report.battery ?? NO_BATTERY, temperature >> 8, temperature & 0xff, EVENTS.indexOf(report.event ?? 'heartbeat')]);
}

const example = (label: string, reading: Pick<DeviceReport, 'battery' | 'temperature' | 'event'>, expected: DecodedReading): CodecExample => ({
  label,
  fPort: 2,
  bytesBase64: encodeDemoPayload(reading).toString('base64'),
  expected,
});

export interface DemoFleetBroker {
  /** Publishes the box's report as ChirpStack would; false when the device is no demo LoRa box or the broker is away. */
  publish(deviceId: number, report: DeviceReport): boolean;
  close(): Promise<void>;
}

export interface DemoFleetOptions extends DemoConnectivity {
  mqttUrl: string;
  logger: FastifyBaseLogger;
}

/**
 * The demo's LoRa boxes through the door a real box uses: a device model with its codec, each box's
 * DevEUI, and a chirpstack-mqtt integration on MQTT_URL, put in as an operator would (once; a
 * later start finds them); then a publisher that sends the simulated boxes' reports as ChirpStack
 * v4 uplinks with binary payloads. What reaches the product is decoded, deduplicated and recorded
 * by the product's own pipeline. The topic carries an application id of this installation's own,
 * so two demos on one broker never take each other's uplinks.
 */
export async function connectDemoFleet(db: Db, options: DemoFleetOptions): Promise<DemoFleetBroker> {
  const modelId = await demoModel(db, options);
  await connectBoxes(db, modelId);
  const topicPrefix = await demoIntegration(db, options);
  const devEuis = new Map(
    (await db.query<{ id: number; devEui: string }>('select id, dev_eui as "devEui" from devices where model_id = $1 and dev_eui is not null', [modelId])).map((row) => [row.id, row.devEui]),
  );
  const { username, password } = new URL(options.mqttUrl);
  const client: MqttClient = mqtt.connect(options.mqttUrl, {
    clientId: `pest-demo-fleet-${randomUUID().slice(0, 8)}`,
    username: username ? decodeURIComponent(username) : undefined,
    password: password ? decodeURIComponent(password) : undefined,
    reconnectPeriod: 5_000,
  });
  let failures = 0;
  client.on('error', (error) => options.logger.warn({ err: error }, 'demo fleet: broker error'));
  const fCnt = new Map<number, number>();
  return {
    publish(deviceId, report) {
      const devEui = devEuis.get(deviceId);
      // A broker that is away takes no uplinks: the boxes go silent, as real ones would.
      if (!devEui || !client.connected) return devEui !== undefined;
      const next = (fCnt.get(deviceId) ?? 0) + 1;
      fCnt.set(deviceId, next);
      const uplink = {
        deduplicationId: randomUUID(),
        time: report.at.toISOString(),
        deviceInfo: { deviceProfileName: DEMO_MODEL_NAME, deviceName: devEui, devEui },
        fCnt: next,
        fPort: 2,
        data: encodeDemoPayload(report).toString('base64'),
        rxInfo: [{ gatewayId: 'd0e0ffffffffffff', rssi: report.signal ?? -80, snr: 7.5 }],
      };
      client.publish(`${topicPrefix}/device/${devEui}/event/up`, JSON.stringify(uplink), { qos: 1 }, (error) => {
        if (error && failures++ % 1000 === 0) options.logger.warn({ err: error }, 'demo fleet: uplink not published');
      });
      return true;
    },
    close: () => client.endAsync(),
  };
}

/**
 * Gives the demo's LoRa boxes that have none their DevEUI (made from the id: unique within the
 * installation) and the demo model, through the device write a provider's 接入信息 uses, each audited.
 */
async function connectBoxes(db: Db, modelId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const boxes = await tx.query<{ id: number; storeId: number }>(
      `select d.id, d.customer_id as "storeId" from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.loraRodentBox} and d.dev_eui is null and d.retired_at is null order by d.id`,
    );
    const model = `演示厂商 ${DEMO_MODEL_NAME}`;
    const entries: AuditEntryInput[] = [];
    for (const box of boxes) {
      const devEui = `d0e0${box.id.toString(16).padStart(12, '0')}`;
      await setDeviceConnectivity(tx, DEMO_SCOPE, { id: box.id, devEui, modelId });
      entries.push({ objectType: AuditObjectType.device, objectId: box.id, action: AuditAction.update, owner: box.storeId, changes: { devEui: { before: null, after: devEui }, model: { before: null, after: model } } });
    }
    await recordAudit(tx, DEMO_ACTOR, ...entries);
  });
}

async function demoModel(db: Db, { saveModel }: DemoConnectivity): Promise<number> {
  const [existing] = await db.query<{ id: number }>('select id from device_models where name = $1', [DEMO_MODEL_NAME]);
  if (existing) return existing.id;
  return db.transaction((tx) =>
    saveModel(tx, {
      name: DEMO_MODEL_NAME,
      vendor: '演示厂商',
      deviceType: DeviceKind.loraRodentBox,
      // Every six hours, as the demo's history reports.
      reportIntervalMinutes: 360,
      codec: DEMO_CODEC,
      examples: [
        example('心跳：电量80%，22.5℃', { battery: 80, temperature: 22.5, event: 'heartbeat' }, { battery: 80, temperature: 22.5, event: 'heartbeat' }),
        example('捕获', { event: 'capture' }, { event: 'capture' }),
        example('零下：-3.5℃', { battery: 40, temperature: -3.5, event: 'heartbeat' }, { battery: 40, temperature: -3.5, event: 'heartbeat' }),
      ],
    }),
  );
}

/** The demo's integration, created on the first start with MQTT_URL; answers the topic prefix its uplinks go to. */
async function demoIntegration(db: Db, options: DemoFleetOptions): Promise<string> {
  const [existing] = await db.query<{ topic: string }>(`select settings->>'topic' as topic from integrations where name = $1`, [DEMO_INTEGRATION_NAME]);
  if (existing) return existing.topic.replace(/\/device\/\+\/event\/\+$/, '');
  const url = new URL(options.mqttUrl);
  const prefix = `application/pest-demo-${randomUUID().slice(0, 8)}`;
  await db.transaction((tx) =>
    options.saveIntegration(tx, {
      name: DEMO_INTEGRATION_NAME,
      kind: IntegrationKind.chirpstackMqtt,
      enabled: true,
      mqttUrl: `${url.protocol}//${url.host}`,
      username: url.username ? decodeURIComponent(url.username) : null,
      password: url.password ? decodeURIComponent(url.password) : null,
      topic: `${prefix}/device/+/event/+`,
    }),
  );
  options.reloadIntegrations();
  return prefix;
}
