-- Alarm and event contents as a key and its parameters (issue #35), so every reader gets them in
-- its own language (shared/src/contract/alarm-contents.ts): content_key names the sentence,
-- content_params its values (a battery level, a reading, a gateway's name as typed). content stays,
-- the Chinese sentence, which the notification texts quote.
--
-- Kind 7: a device in fault (status 3) has an open fault alarm (major) saying what is wrong; a
-- faulty device used to show 故障 with no alarm at all.

alter table device_events drop constraint device_events_kind_check;
alter table device_events add constraint device_events_kind_check check (kind between 1 and 7);

alter table device_events add column content_key text, add column content_params jsonb not null default '{}'::jsonb;

-- The sentences every writer stored until now, back to their keys; anything else is kept as text.
update device_events set
  content_key = case
    when content = '设备离线' then 'offline'
    when content = '设备上线' then 'online'
    when content = '触发捕鼠' then 'trigger'
    when content = '捕获老鼠' then 'capture'
    when content = '需要维护' then 'maintain'
    when content ~ '^需要维护：(诱饵需更换|盒盖未盖好|鼠盒被移位|感应器被遮挡|设备故障)$' then 'maintainReason'
    when content ~ '^电量低于[0-9]+%$' then 'lowBattery'
    when content ~ '^温度过高：[0-9]+(\.[0-9]+)?℃$' then 'highTemperature'
    when content = '网关离线' then 'gatewayOffline'
    when content ~ '^网关离线，[0-9]+ 台设备随之失联$' then 'gatewayOfflineWithBoxes'
    when content ~ '^随网关离线：' then 'linkedOffline'
    else 'text'
  end,
  content_params = case
    when content ~ '^需要维护：(诱饵需更换|盒盖未盖好|鼠盒被移位|感应器被遮挡|设备故障)$' then jsonb_build_object('reason',
      case substring(content from 6)
        when '诱饵需更换' then 'baitWorn' when '盒盖未盖好' then 'lidOpen' when '鼠盒被移位' then 'boxMoved'
        when '感应器被遮挡' then 'sensorBlocked' else 'deviceFault' end)
    when content ~ '^电量低于[0-9]+%$' then jsonb_build_object('percent', substring(content from '[0-9]+')::int)
    when content ~ '^温度过高：[0-9]+(\.[0-9]+)?℃$' then jsonb_build_object('celsius', substring(content from '[0-9]+(?:\.[0-9]+)?')::numeric)
    when content ~ '^网关离线，[0-9]+ 台设备随之失联$' then jsonb_build_object('boxes', substring(content from '[0-9]+')::int)
    when content ~ '^随网关离线：' then jsonb_build_object('gateway', substring(content from 7))
    when content in ('设备离线', '设备上线', '触发捕鼠', '捕获老鼠', '需要维护', '网关离线') then '{}'::jsonb
    else jsonb_build_object('text', content)
  end;

alter table device_events alter column content_key set not null;

-- Every device in fault gets its fault alarm, as common/raise-alarm.ts raises it (the demo seed
-- does so for the devices it makes faulty); the cause is the device's own, as the seed picks one.
insert into device_events (device_id, customer_id, kind, content, content_key, content_params, created_at, last_at, handled, state, severity)
select d.id, d.customer_id, 7, '设备故障：' || c.word, 'fault', jsonb_build_object('cause', c.cause), now(), now(), false, 'open', 'major'
from devices d
cross join lateral (
  select (array['sensor', 'radio', 'waterIngress', 'casing'])[1 + d.id % 4] as cause,
         (array['感应器失灵', '通信模块故障', '电池仓进水', '外壳损坏'])[1 + d.id % 4] as word
) c
where d.status = 3
  and not exists (select 1 from device_events e where e.device_id = d.id and e.kind = 7 and e.state <> 'handled')
order by d.id;

update devices d set has_unhandled_alarm = true
where d.status = 3 and not d.has_unhandled_alarm;
