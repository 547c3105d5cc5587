import { useMemo, useState } from 'react';
import { DatePicker, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, defaultEventRange, type DateRangeValue } from '@pest/shared';
import { useDateShortcuts } from '../../components/DateShortcuts/useDateShortcuts.ts';
import { EventRecords } from './EventRecords.tsx';
import { PreventionTrend } from './PreventionTrend.tsx';

type ActivityView = 'events' | 'trend';

/** The radio between event records and prevention trend, both over one date range (last 7 days on arrival). */
interface DeviceActivityProps {
  deviceId: number;
  /** When live events last arrived (the event list is asked again through the cache), if they have. */
  eventsArrivedAt: number | undefined;
}

export function DeviceActivity({ deviceId, eventsArrivedAt }: DeviceActivityProps) {
  const { t } = useTranslation(['devices']);
  const shortcuts = useDateShortcuts();
  const [view, setView] = useState<ActivityView>('events');
  const [picked, setPicked] = useState<DateRangeValue | null>(null);
  // Until the user picks a range it is the last 7 days, moved on when live events arrive, so that a
  // page left open past midnight still shows the new ones. Events that came while the device was
  // loading are older than this screen, which then starts from its own arrival.
  const [shownAt] = useState(Date.now);
  const now = Math.max(shownAt, eventsArrivedAt ?? shownAt);
  const followingToday = useMemo(() => defaultEventRange(now), [now]);
  const range = picked ?? followingToday;

  return (
    <div className="device-activity" data-testid="device-activity">
      <div className="device-activity-toolbar">
        <Radio.Group type="button" value={view} onChange={(next: ActivityView) => setView(next)} data-testid="device-activity-view">
          <Radio value="events">{t('devices:events')}</Radio>
          <Radio value="trend">{t('devices:trend')}</Radio>
        </Radio.Group>
        <DatePicker.RangePicker
          data-testid="device-activity-range"
          format={DATE_FORMAT}
          value={[...range]}
          allowClear={false}
          shortcuts={shortcuts}
          shortcutsPlacementLeft
          onChange={(dates: string[] | undefined) => {
            const [start, end] = dates ?? [];
            if (start && end) setPicked([start, end]);
          }}
        />
      </div>
      {view === 'events' ? <EventRecords boxId={deviceId} range={range} /> : <PreventionTrend boxId={deviceId} range={range} />}
    </div>
  );
}
