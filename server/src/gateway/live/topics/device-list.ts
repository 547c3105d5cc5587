import { DeviceEndpoints, DeviceListTopicParams, type DeviceListChange, type DeviceRow } from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';

interface DeviceListSnapshot {
  total: number;
  rows: DeviceRow[];
}

/** The fields a device list row shows live; other edits wait for the page's next fetch. */
const LIVE_FIELDS = ['status', 'remainingPower', 'lastCommunicationDate', 'hasUnHandleAlarm'] as const;

export const deviceListTopic: TopicDefinition<typeof DeviceListTopicParams, DeviceListSnapshot, DeviceListChange> = {
  params: DeviceListTopicParams,
  async poll(upstream, token, params) {
    const page = await upstream.call(token, DeviceEndpoints.list, { ...params, isCustomer: true });
    return { total: page.total, rows: page.records };
  },
  diff(previous, next) {
    const before = new Map(previous.rows.map((row) => [row.id, row]));
    const rows = next.rows.filter((row) => {
      const old = before.get(row.id);
      return !old || LIVE_FIELDS.some((field) => old[field] !== row[field]);
    });
    const membershipChanged =
      previous.rows.length !== next.rows.length || previous.rows.some((row, index) => row.id !== next.rows[index]!.id);
    const change: DeviceListChange = { rows };
    if (previous.total !== next.total) change.total = next.total;
    if (membershipChanged) change.ids = next.rows.map((row) => row.id);
    return rows.length > 0 || change.total !== undefined || change.ids ? change : null;
  },
  full: (snapshot) => ({ total: snapshot.total, rows: snapshot.rows, ids: snapshot.rows.map((row) => row.id) }),
};
