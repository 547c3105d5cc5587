import { useState } from 'react';
import { Button, Drawer, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ALARM_NOTE_MAX_LENGTH, type AlarmRecord } from '@pest/shared';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { AlarmPhotoUploads } from './AlarmPhotoUploads.tsx';
import { alarmContent } from './alarmContent.ts';
import { useAlarmActions } from './useAlarmActions.ts';

interface AlarmHandleDrawerProps {
  /** The alarms to handle with one note; null keeps the drawer closed. */
  alarms: readonly AlarmRecord[] | null;
  onClose(): void;
  /** After the server answered, with how many alarms changed. */
  onHandled?(changed: number): void;
}

/** 处理: a note (required, up to ALARM_NOTE_MAX_LENGTH) and photos for one alarm or several at once. */
export function AlarmHandleDrawer({ alarms, onClose, onHandled }: AlarmHandleDrawerProps) {
  const { t } = useTranslation(['alarms']);
  const isMobile = useIsMobile();
  const open = alarms !== null && alarms.length > 0;
  const title = alarms && alarms.length > 1 ? t('alarms:handleTitleMany', { count: alarms.length }) : t('alarms:handleTitle');

  return (
    <Drawer
      visible={open}
      title={title}
      width={isMobile ? '100%' : 480}
      onCancel={onClose}
      footer={null}
      unmountOnExit
      className="alarm-handle-drawer"
      data-testid="alarm-handle-drawer"
    >
      {/* Mounted afresh for every opening, so no note or photo from the last alarm is left behind. */}
      {open && <HandleForm alarms={alarms} onClose={onClose} onHandled={onHandled} />}
    </Drawer>
  );
}

function HandleForm({ alarms, onClose, onHandled }: { alarms: readonly AlarmRecord[]; onClose(): void; onHandled?(changed: number): void }) {
  const { t, i18n } = useTranslation(['alarms']);
  const actions = useAlarmActions();
  const [note, setNote] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const trimmed = note.trim();
  const missing = trimmed === '';

  const submit = async () => {
    setTried(true);
    if (missing) return;
    setSending(true);
    const changed = await actions.handle(alarms, trimmed, pictures);
    setSending(false);
    if (changed === null) return;
    onHandled?.(changed);
    onClose();
  };

  return (
    <div className="alarm-handle-form">
      {alarms.length === 1 && (
        <div className="alarm-handle-subject" data-testid="alarm-handle-subject">
          {alarms[0]!.deviceName} · {alarmContent(alarms[0]!, i18n.language)}
        </div>
      )}
      <label className="alarm-handle-label" htmlFor="alarm-handle-note">
        <span className="alarm-required">*</span>
        {t('alarms:note')}
      </label>
      <Input.TextArea
        id="alarm-handle-note"
        value={note}
        onChange={setNote}
        maxLength={ALARM_NOTE_MAX_LENGTH}
        showWordLimit
        autoSize={{ minRows: 4, maxRows: 10 }}
        placeholder={t('alarms:notePlaceholder')}
        status={tried && missing ? 'error' : undefined}
        data-testid="alarm-handle-note"
      />
      {tried && missing && (
        <div className="alarm-error" data-testid="alarm-handle-note-error">
          {t('alarms:noteRequired')}
        </div>
      )}
      <div className="alarm-handle-label">{t('alarms:photos')}</div>
      <AlarmPhotoUploads onChange={setPictures} testId="alarm-handle-photos" />
      <div className="alarm-handle-footer">
        <Button onClick={onClose}>{t('alarms:cancel')}</Button>
        <Button type="primary" loading={sending} onClick={() => void submit()} data-testid="alarm-handle-submit">
          {t('alarms:submit')}
        </Button>
      </div>
    </div>
  );
}
