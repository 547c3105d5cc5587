import { useState } from 'react';
import { Button, Empty, Message, Popconfirm, Switch, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type NotifyRule } from '@pest/shared';
import { deleteRule, saveRule } from '../../api/notify.ts';
import { notifyKeys, notifyQueries } from '../../api/notifyQueries.ts';
import { RuleForm } from './RuleForm.tsx';
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

  const remove = async (rule: NotifyRule) => {
    try {
      await deleteRule(rule.id);
      Message.success({ content: t('notify:deleted'), duration: TOAST_DURATION_MS });
      changed();
    } catch {
      // The http client has shown the server's reason.
    }
  };

  /** Saved at once: turning a rule off at 2 a.m. should not need a form. */
  const toggle = async (rule: NotifyRule, enabled: boolean) => {
    setSwitching((ids) => new Set(ids).add(rule.id));
    try {
      const saved = await saveRule(withEnabled(rule, enabled));
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

  const columns: TableColumnProps<NotifyRule>[] = [
    { key: 'name', dataIndex: 'name', title: t('notify:ruleName'), width: 120, ellipsis: true, tooltip: true },
    { key: 'scope', title: t('notify:scope'), width: 170, render: (_, row) => texts.scope(row) },
    { key: 'kinds', title: t('notify:kinds'), width: 140, render: (_, row) => texts.kinds(row) },
    { key: 'severities', title: t('notify:severities'), width: 100, render: (_, row) => texts.severities(row) },
    { key: 'quietHours', title: t('notify:quietHours'), width: 130, render: (_, row) => texts.quietHours(row) },
    { key: 'channels', title: t('notify:channelIds'), width: 140, render: (_, row) => texts.channels(row.channelIds) },
    { key: 'escalation', title: t('notify:escalation'), width: 170, render: (_, row) => texts.escalation(row) },
    {
      key: 'enabled',
      title: t('notify:enabled'),
      width: 70,
      align: 'center',
      render: (_, row) => (
        <Switch size="small" checked={row.enabled} loading={switching.has(row.id)} onChange={(on) => void toggle(row, on)} data-testid="rule-enabled-switch" />
      ),
    },
    {
      key: 'actions',
      title: t('notify:actions'),
      width: 110,
      fixed: 'right',
      render: (_, row) => (
        <span className="notify-actions">
          <Button type="text" size="mini" onClick={() => setEditing({ rule: row })} data-testid="rule-edit">
            {t('notify:edit')}
          </Button>
          <Popconfirm title={t('notify:deleteRuleConfirm', { name: row.name })} onOk={() => remove(row)}>
            <Button type="text" size="mini" status="danger" data-testid="rule-delete">
              {t('notify:delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];
  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <div data-testid="notify-rules">
      <div className="notify-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({})} data-testid="rule-add">
          {t('notify:add')}
        </Button>
      </div>
      <Table<NotifyRule>
        rowKey="id"
        onRow={(row) => ({ 'data-testid': 'rule-row', 'data-rule-id': row.id })}
        columns={columns}
        data={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: width }}
        noDataElement={<Empty />}
      />
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
