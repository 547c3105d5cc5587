import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyChannel, NotifyRule } from '@pest/shared';
import { runsPastMidnight } from './ruleForm.ts';

const LIST_SEPARATOR = '、';

/** How the rule table words a rule's scope, kinds, quiet hours, channels and escalation. */
export function useRuleTexts(channels: readonly NotifyChannel[]) {
  const { t } = useTranslation(['notify', 'live']);

  return useMemo(() => {
    const channelNames = new Map(channels.map((channel) => [channel.id, channel.name]));
    const channelList = (ids: readonly number[]) => (ids.length === 0 ? t('notify:none') : ids.map((id) => channelNames.get(id) ?? `#${id}`).join(LIST_SEPARATOR));
    return {
      scope: (rule: NotifyRule) => {
        const nodes = rule.customerNames.join(LIST_SEPARATOR);
        return rule.storeNames.length === 0 ? nodes : `${nodes} · ${rule.storeNames.join(LIST_SEPARATOR)}`;
      },
      kinds: (rule: NotifyRule) => (rule.types.length === 0 ? t('notify:allKinds') : rule.types.map((kind) => t(`live:alarmKind.${kind}`)).join(LIST_SEPARATOR)),
      severities: (rule: NotifyRule) =>
        rule.severities.length === 0 ? t('notify:allSeverities') : rule.severities.map((severity) => t(`live:alarmSeverity.${severity}`)).join(LIST_SEPARATOR),
      quietHours: (rule: NotifyRule) => {
        const quiet = rule.quietHours;
        if (!quiet || quiet.start === quiet.end) return t('notify:quietHoursOff');
        const range = t(runsPastMidnight(quiet.start, quiet.end) ? 'notify:quietRangeOvernight' : 'notify:quietRange', { start: quiet.start, end: quiet.end });
        return quiet.exceptCritical ? `${range} · ${t('notify:exceptCriticalShort')}` : range;
      },
      channels: channelList,
      escalation: (rule: NotifyRule) =>
        rule.escalateAfterMinutes === null
          ? t('notify:escalationNone')
          : t('notify:escalationSummary', { minutes: rule.escalateAfterMinutes, channels: channelList(rule.escalationChannelIds) }),
    };
  }, [t, channels]);
}
