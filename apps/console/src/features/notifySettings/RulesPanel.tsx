import { useState } from 'react';
import { Switch } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotifyEndpoints, type NotifyRule } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { notifyKeys, notifyQueries } from '../../api/notifyQueries.ts';
import { RuleForm } from './RuleForm.tsx';
import { editDeleteColumn, SettingsTable } from './SettingsTable.tsx';
import { withEnabled } from './ruleForm.ts';
import { useRuleTexts } from './ruleTexts.ts';

type Editing = { rule?: NotifyRule } | null;

/** 通知设置's rules: which alarms go to which channels, when, and to whom they escalate. */
export function RulesPanel() {
  const { t } = useTranslation(['notify']);
  const queryClient = useQueryClient();
  const rules = useQuery(notifyQueries.rules());
  const channels = useQuery(notifyQueries.channels());
  const texts = useRuleTexts(channels.data ?? []);
  const [editing, setEditing] = useState<Editing>(null);
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());

  const changed = () => void queryClient.invalidateQueries({ queryKey: notifyKeys.rules() });

  const removal = useEndpointMutation(NotifyEndpoints.ruleDelete, { success: () => t('notify:deleted'), invalidates: () => [notifyKeys.rules()] });
  const remove = (rule: NotifyRule) => removal.mutate({ id: rule.id });
  // The table's switch has no fields: every refusal is toasted.
  const ruleSave = useEndpointMutation(NotifyEndpoints.ruleSave);

  /** Saved at once: turning a rule off at 2 a.m. should not need a form. */
  const toggle = async (rule: NotifyRule, enabled: boolean) => {
    setSwitching((ids) => new Set(ids).add(rule.id));
    try {
      const saved = await ruleSave.mutateAsync(withEnabled(rule, enabled));
      queryClient.setQueryData(notifyKeys.rules(), (list: NotifyRule[] | undefined) => list?.map((item) => (item.id === saved.id ? saved : item)));
    } catch {
      // The http client has shown why; the switch stays as the server has it.
    } finally {
      setSwitching((ids) => {
        const next = new Set(ids);
        next.delete(rule.id);
        return next;
      });
    }
  };

  const textColumn = (key: 'scope' | 'kinds' | 'severities' | 'quietHours' | 'escalation', title: string, flexible = false): DataColumn<NotifyRule> => ({
    key,
    title,
    width: 80,
    maxWidth: 240,
    flexible,
    cellText: texts[key],
    render: (_, row) => texts[key](row),
  });
  const columns: DataColumn<NotifyRule>[] = [
    { key: 'name', dataIndex: 'name', title: t('notify:ruleName'), width: 80, maxWidth: 260, pin: 'left', cellText: (row) => row.name },
    {
      key: 'enabled',
      title: t('notify:enabled'),
      width: 70,
      align: 'center',
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          loading={switching.has(row.id)}
          onChange={(on) => void toggle(row, on)}
          aria-label={`${t('notify:enabled')} · ${row.name}`}
          data-testid="rule-enabled-switch"
        />
      ),
    },
    textColumn('scope', t('notify:scope'), true),
    textColumn('kinds', t('notify:kinds')),
    textColumn('severities', t('notify:severities')),
    textColumn('quietHours', t('notify:quietHours')),
    {
      key: 'channels',
      title: t('notify:channelIds'),
      width: 80,
      maxWidth: 240,
      cellText: (row) => texts.channels(row.channelIds),
      render: (_, row) => texts.channels(row.channelIds),
    },
    textColumn('escalation', t('notify:escalation'), true),
    editDeleteColumn<NotifyRule>({
      title: t('notify:actions'),
      testIdPrefix: 'rule',
      confirmKey: 'notify:deleteRuleConfirm',
      onEdit: (row) => setEditing({ rule: row }),
      onDelete: (row) => remove(row),
    }),
  ];

  return (
    <div data-testid="notify-rules">
      <SettingsTable<NotifyRule> rowTestId="rule" columns={columns} data={rules.data ?? []} loading={rules.isFetching} onAdd={() => setEditing({})} />
      {editing && (
        <RuleForm
          editing={editing.rule}
          channels={channels.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </div>
  );
}
