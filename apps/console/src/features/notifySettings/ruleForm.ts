import type { AlarmSeverity, NotifyRule, RuleSaveBody } from '@pest/shared';
import { editedIdentity, type EditedRecord } from '../../api/editedRecord.ts';

/** The alarm kinds a rule can name (every kind but the `online` event). */
export const NOTIFIABLE_KINDS = [5, 1, 2, 3, 4] as const;
export type NotifiableKind = (typeof NOTIFIABLE_KINDS)[number];

/** What the rule form holds; times are 'HH:mm' or empty. */
export interface RuleValues {
  name: string;
  customerIds: number[];
  storeIds: number[];
  types: NotifiableKind[];
  severities: AlarmSeverity[];
  quietStart: string;
  quietEnd: string;
  exceptCritical: boolean;
  channelIds: number[];
  escalateAfterMinutes: number | undefined;
  escalationChannelIds: number[];
  enabled: boolean;
}

/** A manager's rule starts on his own organisation; provider staff choose. */
export const newRuleValues = (ownOrganisation: number | null): RuleValues => ({
  name: '',
  customerIds: ownOrganisation === null ? [] : [ownOrganisation],
  storeIds: [],
  types: [],
  severities: [],
  quietStart: '',
  quietEnd: '',
  exceptCritical: true,
  channelIds: [],
  escalateAfterMinutes: undefined,
  escalationChannelIds: [],
  enabled: true,
});

export const ruleValuesOf = (rule: NotifyRule): RuleValues => ({
  name: rule.name,
  customerIds: [...rule.customerIds],
  storeIds: [...rule.storeIds],
  types: rule.types.filter((kind): kind is NotifiableKind => (NOTIFIABLE_KINDS as readonly number[]).includes(kind)),
  severities: [...rule.severities],
  quietStart: rule.quietHours?.start ?? '',
  quietEnd: rule.quietHours?.end ?? '',
  exceptCritical: rule.quietHours?.exceptCritical ?? true,
  channelIds: [...rule.channelIds],
  escalateAfterMinutes: rule.escalateAfterMinutes ?? undefined,
  escalationChannelIds: [...rule.escalationChannelIds],
  enabled: rule.enabled,
});

export type RuleProblem = 'nameRequired' | 'organisationRequired' | 'channelsRequired' | 'quietBothRequired' | 'escalationIncomplete';

/** The body properties a refusal can be about, the form's or the server's (`data.field`); the form shows it under that field. */
export type RuleField = 'name' | 'customerIds' | 'storeIds' | 'quietHours' | 'channelIds' | 'escalateAfterMinutes' | 'escalationChannelIds';
const RULE_FIELDS: readonly string[] = ['name', 'customerIds', 'storeIds', 'quietHours', 'channelIds', 'escalateAfterMinutes', 'escalationChannelIds'] satisfies RuleField[];

export const isRuleField = (field: string | undefined): field is RuleField => field !== undefined && RULE_FIELDS.includes(field);

/** The refusals a change of these values answers: the fields it edits (quiet hours and the escalation are each one field of the form). */
export function fieldsChangedBy(patch: Partial<RuleValues>): RuleField[] {
  const changed = new Set<RuleField>();
  for (const key of Object.keys(patch) as (keyof RuleValues)[]) {
    if (key === 'quietStart' || key === 'quietEnd' || key === 'exceptCritical') changed.add('quietHours');
    else if (key === 'escalateAfterMinutes' || key === 'escalationChannelIds') changed.add('escalateAfterMinutes').add('escalationChannelIds');
    else if (isRuleField(key)) changed.add(key);
  }
  // The stores must lie under the organisations: a new scope answers a refusal of either.
  if (changed.has('customerIds') || changed.has('storeIds')) changed.add('customerIds').add('storeIds');
  return [...changed];
}

export type RuleCheck = { ok: true; body: RuleSaveBody } | { ok: false; problem: RuleProblem; field: RuleField };

/**
 * The body to save, or the first thing wrong and the field it is about, checked as the server
 * checks it (the escalation's minutes and channels together or neither, with the server's own
 * message, naming the one missing as the server does). Empty lists and a null
 * quiet window are sent, not left out, so an edit can clear them.
 */
export function ruleBody(values: RuleValues, editing?: EditedRecord): RuleCheck {
  const name = values.name.trim();
  if (name === '') return { ok: false, problem: 'nameRequired', field: 'name' };
  if (values.customerIds.length === 0) return { ok: false, problem: 'organisationRequired', field: 'customerIds' };
  if (values.channelIds.length === 0) return { ok: false, problem: 'channelsRequired', field: 'channelIds' };
  if ((values.quietStart === '') !== (values.quietEnd === '')) return { ok: false, problem: 'quietBothRequired', field: 'quietHours' };
  const minutes = values.escalateAfterMinutes;
  if ((minutes === undefined) !== (values.escalationChannelIds.length === 0)) {
    return { ok: false, problem: 'escalationIncomplete', field: minutes === undefined ? 'escalateAfterMinutes' : 'escalationChannelIds' };
  }
  return {
    ok: true,
    body: {
      ...editedIdentity(editing),
      name,
      customerIds: values.customerIds,
      storeIds: values.storeIds,
      types: values.types,
      severities: values.severities,
      quietHours: values.quietStart === '' ? null : { start: values.quietStart, end: values.quietEnd, exceptCritical: values.exceptCritical },
      channelIds: values.channelIds,
      escalateAfterMinutes: minutes ?? null,
      escalationChannelIds: values.escalationChannelIds,
      enabled: values.enabled,
    },
  };
}

/** The rule as listed, with `enabled` switched: the table's switch saves at once. */
export const withEnabled = (rule: NotifyRule, enabled: boolean): RuleSaveBody => ({
  id: rule.id,
  version: rule.version,
  name: rule.name,
  customerIds: rule.customerIds,
  storeIds: rule.storeIds,
  types: rule.types,
  severities: rule.severities,
  quietHours: rule.quietHours,
  channelIds: rule.channelIds,
  escalateAfterMinutes: rule.escalateAfterMinutes,
  escalationChannelIds: rule.escalationChannelIds,
  enabled,
});

/** A window whose end comes before its start ends the next morning. */
export const runsPastMidnight = (start: string, end: string) => start !== '' && end !== '' && end < start;
