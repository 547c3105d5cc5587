import { ALARM_KIND_LABELS, AlarmKind, CHINA_TIME_ZONE, DEVICE_STATUS_LABELS, type DeviceStatus } from '@pest/shared';
import { newPdf, pdfFacts, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle } from '../../common/pdf-document.ts';
import type { Queryable } from '../../db/db.ts';
import { HEARTBEAT_HOURS } from '../../common/offline-rule.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import type { PackStore } from '../pack-stores.ts';

/** A smart device over the period: how often it was heard, what it caught, what it raised and how fast staff answered. */
export interface DeviceRecord {
  code: string;
  name: string;
  typeName: string;
  status: DeviceStatus;
  /** Heartbeats counted in the period's days, against HEARTBEAT_HOURS' slots. */
  heartbeats: number;
  expected: number;
  captures: number;
  alarms: number;
  /** Minutes from raised to acknowledged and to handled, medians over the alarms that got there. */
  ackMinutes: number | null;
  handleMinutes: number | null;
}

const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')::date`;
const inPeriod = (column: string) => `${local(column)} between $2::date and $3::date`;
/** Alarms a person answers: every kind but the captures (counted apart) and coming back online. */
const ANSWERED_KINDS = [AlarmKind.offline, AlarmKind.highTemperature, AlarmKind.lowBattery, AlarmKind.maintain];

export async function deviceRecords(db: Queryable, storeId: number, period: PackPeriod): Promise<DeviceRecord[]> {
  const minutes = (column: string) => `percentile_cont(0.5) within group (order by extract(epoch from (${column} - e.created_at)) / 60)`;
  return db.query<DeviceRecord>(
    `select d.code, d.name, t.name as "typeName", d.status,
            coalesce((select sum(h.n) from device_daily dd
                      cross join lateral unnest(dd.heartbeats) with ordinality as h(n, day)
                      where dd.device_id = d.id and (dd.month + (h.day - 1)::int) between $2::date and $3::date), 0)::int as heartbeats,
            ((($3::date - $2::date) + 1) * ${24 / HEARTBEAT_HOURS})::int as expected,
            (select count(*) from device_events e where e.device_id = d.id and e.kind = ${AlarmKind.trigger} and ${inPeriod('e.created_at')})::int as captures,
            a.alarms, round(a.ack)::int as "ackMinutes", round(a.handle)::int as "handleMinutes"
     from devices d
     join device_types t on t.id = d.device_type_id
     cross join lateral (
       select count(*)::int as alarms, ${minutes('e.ack_at')} as ack, ${minutes('e.handled_at')} as handle
       from device_events e where e.device_id = d.id and e.kind = any($4::int[]) and ${inPeriod('e.created_at')}
     ) a
     where d.customer_id = $1
     order by t.id, d.code`,
    [storeId, period.startDate, period.endDate, ANSWERED_KINDS],
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.min(100, (100 * part) / whole).toFixed(1)}%` : '—');
const duration = (minutes: number | null) => (minutes === null ? '—' : minutes < 120 ? `${minutes} 分钟` : `${(minutes / 60).toFixed(1)} 小时`);

/** 08-设备监测.pdf: the store's smart devices over the period, with uptime, captures, alarms and response times. */
export function devicesEntry(db: Queryable, store: PackStore, period: PackPeriod, name: string): PackEntry {
  return {
    section: 'devices',
    name,
    open: async () => {
      const devices = await deviceRecords(db, store.id, period);
      const doc = newPdf({ title: `${store.name} 设备监测`, author: store.organisationName, subject: `${period.startDate} 至 ${period.endDate}` });
      pdfTitle(doc, '智能设备监测', `${store.name}  ·  ${period.startDate} 至 ${period.endDate}`);
      const heard = devices.reduce((sum, d) => sum + d.heartbeats, 0);
      const expected = devices.reduce((sum, d) => sum + d.expected, 0);
      pdfFacts(doc, [
        ['智能设备', `${devices.length} 台`],
        ['在线率', percent(heard, expected)],
        ['触发捕鼠', `${devices.reduce((sum, d) => sum + d.captures, 0)} 次`],
        ['告警', `${devices.reduce((sum, d) => sum + d.alarms, 0)} 条（${ANSWERED_KINDS.map((kind) => ALARM_KIND_LABELS[kind]).join('、')}）`],
      ]);
      pdfText(doc, `在线率按心跳计：每台设备每 ${HEARTBEAT_HOURS} 小时上报一次。响应时长为告警从产生到确认、到处理完成的中位数。`);
      pdfSection(doc, '设备明细');
      if (devices.length === 0) pdfText(doc, '该门店未安装智能设备。');
      else
        pdfTable(
          doc,
          [
            { title: '设备编号', width: 80 },
            { title: '名称', width: 90 },
            { title: '类型', width: 70 },
            { title: '当前状态', width: 45 },
            { title: '在线率', width: 45 },
            { title: '触发', width: 35 },
            { title: '告警', width: 35 },
            { title: '确认用时', width: 50 },
            { title: '处理用时', width: 49 },
          ],
          devices.map((d) => [
            d.code,
            d.name,
            d.typeName,
            DEVICE_STATUS_LABELS[d.status],
            percent(d.heartbeats, d.expected),
            String(d.captures),
            String(d.alarms),
            duration(d.ackMinutes),
            duration(d.handleMinutes),
          ]),
        );
      pdfPageNumbers(doc, `${store.name} · 设备监测`);
      doc.end();
      return doc;
    },
  };
}
