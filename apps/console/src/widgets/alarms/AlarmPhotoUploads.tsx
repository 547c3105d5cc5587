import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_PICTURES_MAX } from '@pest/shared';
import { ImageUpload } from '../../components/ImageUpload/index.ts';

interface Slot {
  key: number;
  url: string;
}

interface AlarmPhotoUploadsProps {
  onChange(urls: string[]): void;
  testId: string;
}

/**
 * Photos of the handling, each through the upload flow, up to ALARM_PICTURES_MAX. The empty card
 * that receives a picture stays the same component and becomes that picture's card, because only
 * it holds the local preview: the store serves a fresh upload to nobody but signed links.
 */
export function AlarmPhotoUploads({ onChange, testId }: AlarmPhotoUploadsProps) {
  const { t } = useTranslation(['alarms']);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [nextKey, setNextKey] = useState(1);

  const update = (next: Slot[]) => {
    setSlots(next);
    onChange(next.map((slot) => slot.url));
  };
  const changeSlot = (key: number, url: string | null) =>
    update(url === null ? slots.filter((slot) => slot.key !== key) : slots.map((slot) => (slot.key === key ? { key, url } : slot)));
  const add = (url: string | null) => {
    if (url === null) return;
    update([...slots, { key: nextKey, url }]);
    setNextKey(nextKey + 1);
  };

  // One keyed list, so the card that received a picture keeps its identity (and preview) as it moves into the list.
  const cards = slots.map((slot) => (
    <ImageUpload key={slot.key} value={slot.url} onChange={(url) => changeSlot(slot.key, url)} testId={`${testId}-photo`} />
  ));
  if (slots.length < ALARM_PICTURES_MAX) cards.push(<ImageUpload key={nextKey} value={null} onChange={add} testId={`${testId}-new`} />);

  return (
    <div className="alarm-photos" data-testid={testId}>
      <div className="alarm-photos-cards">{cards}</div>
      <div className="alarm-cell-minor">{t('alarms:photosHint', { count: ALARM_PICTURES_MAX })}</div>
    </div>
  );
}
