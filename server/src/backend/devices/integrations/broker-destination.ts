import { IntegrationMessages } from '@pest/shared';
import type { DestinationRules } from '../../common/outbound-guard.ts';

/**
 * A network server's MQTT broker, as the outbound guard judges it: mqtts to a public address, or
 * any scheme and address for a host the operator put in INTEGRATION_ALLOWED_HOSTS (a ChirpStack on
 * the provider's own network, the demo's broker). An administrator cannot make the server connect
 * into the network it runs in on their own.
 */
export const MQTT_DESTINATIONS: DestinationRules = {
  secure: { protocol: 'mqtts:', port: '8883' },
  plain: { protocol: 'mqtt:', port: '1883' },
  messages: {
    malformed: IntegrationMessages.mqttUrl,
    credentials: IntegrationMessages.mqttCredentials,
    notSecure: IntegrationMessages.mqttNotTls,
    private: IntegrationMessages.mqttPrivate,
    unresolvable: IntegrationMessages.mqttUnresolvable,
  },
};
