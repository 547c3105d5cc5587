import type { LiveTopic } from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';
import { alarmListTopic } from './alarm-list.ts';
import { alarmOverviewTopic } from './alarm-overview.ts';
import { auditPacksTopic } from './audit-packs.ts';
import { deviceTopic } from './device.ts';
import { deviceListTopic } from './device-list.ts';

export const LIVE_TOPICS: Record<LiveTopic, TopicDefinition> = {
  deviceList: deviceListTopic as TopicDefinition,
  device: deviceTopic as TopicDefinition,
  alarmOverview: alarmOverviewTopic as TopicDefinition,
  alarmList: alarmListTopic as TopicDefinition,
  auditPacks: auditPacksTopic as TopicDefinition,
};
