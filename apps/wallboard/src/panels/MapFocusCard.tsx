import { useTranslation } from 'react-i18next';
import { alarmAgeText } from '../board/alarmAge.ts';
import type { PlaceStatus, StoreAction } from '../board/statusRollup.ts';
import { shortPlaceName } from '../map/provinceGrid.ts';
import { useNow } from '../screen/useNow.ts';

/** Stores listed for the place in focus. */
const FOCUS_STORES = 6;
/** Ages move on by the minute at the finest. */
const AGE_TICK_MS = 15_000;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Why a store is on the list, in one short phrase: how long its oldest alarm has waited, or how much of it is offline. */
function StoreLine({ store, now }: { store: StoreAction; now: number }) {
  const { t } = useTranslation();
  const why = store.oldestOpenAlarmAt ? alarmAgeText(t, store.oldestOpenAlarmAt, now) : t('map.storeOffline', { percent: percent(store.offline, store.total) });
  return (
    <li className={`action-${store.action}`} data-testid="focus-store">
      <i />
      <span className="focus-store-name">{store.name}</span>
      <span className="focus-store-why">{why}</span>
    </li>
  );
}

/** The place in focus: what needs action there, its gateway outages' reach, and its worst stores. */
export function MapFocusCard({ place }: { place: PlaceStatus }) {
  const { t } = useTranslation();
  const now = useNow(AGE_TICK_MS);
  const figures = [
    { key: 'critical', value: String(place.openCritical), label: t('map.figure.critical') },
    { key: 'major', value: String(place.openMajor), label: t('map.figure.major') },
    { key: 'offline', value: `${percent(place.offline, place.devices)}%`, label: t('map.figure.offline') },
  ];
  return (
    <aside className={`map-focus action-${place.action}`} data-testid="map-focus" data-province={place.name}>
      <div className="focus-name">{place.name ? shortPlaceName(place.name) : t('map.unknownPlace')}</div>
      <div className="focus-figures">
        {figures.map(({ key, value, label }) => (
          <div key={key} className={`focus-figure action-${key}`}>
            <b className="figure">{value}</b>
            <span>{label}</span>
          </div>
        ))}
      </div>
      {place.darkBoxes > 0 && (
        <div className="focus-dark" data-testid="focus-dark">
          {t('map.darkLine', { count: place.darkBoxes })}
        </div>
      )}
      {place.worstStores.length === 0 ? (
        <div className="focus-calm">{t('map.calm', { count: place.stores })}</div>
      ) : (
        <ul className="focus-stores">
          {place.worstStores.slice(0, FOCUS_STORES).map((store) => (
            <StoreLine key={store.customerId} store={store} now={now} />
          ))}
        </ul>
      )}
    </aside>
  );
}
