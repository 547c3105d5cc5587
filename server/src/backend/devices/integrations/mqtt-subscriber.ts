import mqtt, { type MqttClient } from 'mqtt';
import { IntegrationKind, IntegrationState } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';

export interface MqttSubscription {
  integrationId: number;
  kind: string;
  clientId: string;
  mqttUrl: string;
  /** The broker's address as the outbound guard checked it: connected to instead of resolving the name again. */
  address: string;
  username: string | null;
  password: string | null;
  topic: string;
}

export interface MqttSubscriberHooks {
  /** A message, to be processed before it is acknowledged: a throw leaves it with the broker, delivered again. */
  onMessage(topic: string, body: string): Promise<void>;
  onState(state: (typeof IntegrationState)[keyof typeof IntegrationState], error: string | null): void;
  logger: FastifyBaseLogger;
}

/** Reconnect waits double from 1 s up to this, so a broker that is down is not hammered. */
const MAX_RECONNECT_MS = 30_000;

/** ChirpStack's event is the topic's last level (…/event/up); The Things Stack's topics are uplinks only. */
export const eventOfTopic = (kind: string, topic: string): string | undefined =>
  kind === IntegrationKind.chirpstackMqtt ? topic.slice(topic.lastIndexOf('/') + 1) : undefined;

/**
 * Subscribes to a network server's broker with QoS 1 and a persistent session under a client id of
 * the integration's own, so what the network server published while the product was down is
 * delivered when it is back. A message is acknowledged only once kept in the queue (mqtt.js's
 * handleMessage), so one that a crash or a database failure interrupted comes again. One client, not
 * several in a shared subscription: Mosquitto 2.0.11 stops routing a shared subscription after it
 * restarts with persistence, and those uplinks would be lost.
 */
export function subscribeMqtt(subscription: MqttSubscription, hooks: MqttSubscriberHooks): { stop(): Promise<void> } {
  let reconnectMs = 1_000;
  hooks.onState(IntegrationState.connecting, null);
  const client: MqttClient = mqtt.connect(subscription.mqttUrl, {
    host: subscription.address,
    // TLS still names and verifies the broker by its host name.
    servername: new URL(subscription.mqttUrl).hostname,
    clientId: subscription.clientId,
    clean: false,
    protocolVersion: 4,
    username: subscription.username ?? undefined,
    password: subscription.password ?? undefined,
    reconnectPeriod: reconnectMs,
    connectTimeout: 10_000,
    keepalive: 30,
  });
  client.handleMessage = (packet, callback) => {
    const body = typeof packet.payload === 'string' ? packet.payload : packet.payload.toString('utf8');
    hooks.onMessage(packet.topic, body).then(
      () => callback(),
      (error: unknown) => {
        hooks.logger.warn({ err: error, integrationId: subscription.integrationId }, 'uplink not processed: left with the broker');
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  client.on('connect', () => {
    reconnectMs = 1_000;
    client.options.reconnectPeriod = reconnectMs;
    client.subscribe(subscription.topic, { qos: 1 }, (error) => {
      if (error) hooks.onState(IntegrationState.error, `订阅失败：${error.message}`);
      else hooks.onState(IntegrationState.connected, null);
    });
  });
  client.on('reconnect', () => {
    reconnectMs = Math.min(MAX_RECONNECT_MS, reconnectMs * 2);
    client.options.reconnectPeriod = reconnectMs;
  });
  client.on('error', (error) => hooks.onState(IntegrationState.error, `连接失败：${error.message}`.slice(0, 300)));
  client.on('offline', () => hooks.onState(IntegrationState.error, '与MQTT服务器的连接已断开，正在重连'));
  return {
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
