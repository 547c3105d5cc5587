import { DEFAULT_TEXT_LANGUAGE, alarmContentText, isTextLanguage, type AlarmRecord } from '@pest/shared';

/**
 * An alarm's content in the console's language, from its key and parameters: rows pushed by the
 * live hub were fetched without the reader's language, so the console writes the sentence itself
 * with the same shared texts the server uses for `content`.
 */
export function alarmContent(alarm: Pick<AlarmRecord, 'contentKey' | 'contentParams'>, language: string): string {
  return alarmContentText({ key: alarm.contentKey, params: alarm.contentParams }, isTextLanguage(language) ? language : DEFAULT_TEXT_LANGUAGE);
}

/** Contents that say no more than their kind's label (设备离线 beside 设备离线). */
const RESTATING_KIND = new Set(['offline', 'online', 'trigger', 'maintain', 'gatewayOffline']);

/** What an alarm's content adds to its kind's label, empty when nothing: a line reads "kind · detail", never the kind twice. */
export function alarmDetail(alarm: Pick<AlarmRecord, 'contentKey' | 'contentParams'>, language: string): string {
  return RESTATING_KIND.has(alarm.contentKey) ? '' : alarmContent(alarm, language);
}
