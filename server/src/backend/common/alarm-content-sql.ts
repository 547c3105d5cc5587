import { ALARM_CONTENT_TEXTS, alarmContentText, type AlarmContent, type TextLanguage } from '@pest/shared';

/**
 * An alarm's stored columns (migration 253): its key and parameters, and content, the sentence in
 * Chinese that notification texts quote, written by the shared texts so the two never disagree.
 */
export interface StoredContent {
  content: string;
  contentKey: string;
  contentParams: string;
}

/** The columns' values of `content`, as query parameters (contentParams as JSON text for a jsonb). */
export function storedContent(content: AlarmContent): StoredContent {
  return { content: alarmContentText(content, 'zh'), contentKey: content.key, contentParams: JSON.stringify(content.params ?? {}) };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** SQL: the words for a parameter's value `value` (text) from a table of them, or the value itself. */
const words = (table: Record<string, string>, value: string) =>
  `(case ${value} ${Object.entries(table)
    .map(([key, word]) => `when ${quote(key)} then ${quote(word)}`)
    .join(' ')} else ${value} end)`;

/**
 * SQL for the sentence of a key (`key`, text) and its parameters (`params`, jsonb) in `language`,
 * the same as alarmContentText, for set-based writers (the seed).
 */
export function sqlAlarmContentText(key: string, params: string, language: TextLanguage = 'zh'): string {
  const texts = ALARM_CONTENT_TEXTS[language];
  const value = (name: string) => {
    const raw = `coalesce(${params} ->> ${quote(name)}, '')`;
    if (name === 'reason') return words(texts.reasons, raw);
    if (name === 'cause') return words(texts.causes, raw);
    if (name === 'celsius') return `to_char((${params} ->> 'celsius')::numeric, 'FM9990.0')`;
    return raw;
  };
  const filled = (template: string) =>
    template
      .split(/(\{\w+\})/)
      .filter((part) => part !== '')
      .map((part) => (/^\{\w+\}$/.test(part) ? value(part.slice(1, -1)) : quote(part)))
      .join(' || ');
  return `(case ${key} ${Object.entries(texts.templates)
    .map(([one, template]) => `when ${quote(one)} then ${filled(template)}`)
    .join(' ')} else coalesce(${params} ->> 'text', '') end)`;
}
