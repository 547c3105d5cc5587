import { useState } from 'react';
import { Tag } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotifyEndpoints, type NotifyChannel } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { notifyKeys, notifyQueries } from '../../api/notifyQueries.ts';
import { editDeleteColumn, SettingsTable } from './SettingsTable.tsx';
import { ChannelForm } from './ChannelForm.tsx';
import { ChannelTestButton } from './ChannelTestButton.tsx';

/** What the drawer shows: nothing, a new channel, or one to edit. */
type Editing = { channel?: NotifyChannel } | null;

/** 通知设置's channels: where messages go, each with 发送测试 and its answer in the row. */
export function ChannelsPanel() {
  const { t } = useTranslation(['notify']);
  const queryClient = useQueryClient();
  const channels = useQuery(notifyQueries.channels());
  const [editing, setEditing] = useState<Editing>(null);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: notifyKeys.channels() });
    // A test leaves its line in 通知记录.
    void queryClient.invalidateQueries({ queryKey: notifyKeys.deliveries() });
  };

  // A refusal (a rule still uses it) is the server's reason, toasted.
  const removal = useEndpointMutation(NotifyEndpoints.channelDelete, {
    success: () => t('notify:deleted'),
    invalidates: () => [notifyKeys.channels(), notifyKeys.deliveries()],
  });
  const remove = (channel: NotifyChannel) => removal.mutate({ id: channel.id });

  const recipients = (row: NotifyChannel) => (row.to.length > 0 ? row.to.join(', ') : t('notify:none'));
  const columns: DataColumn<NotifyChannel>[] = [
    { key: 'name', dataIndex: 'name', title: t('notify:name'), width: 80, maxWidth: 260, pin: 'left', cellText: (row) => row.name },
    { key: 'type', title: t('notify:type'), width: 60, cellText: (row) => t(`notify:channelType.${row.type}`), render: (_, row) => t(`notify:channelType.${row.type}`) },
    {
      key: 'secret',
      title: t('notify:secret'),
      width: 60,
      // A small tag's padding and border beside its text.
      cellExtra: 18,
      cellText: (row) => (row.hasSecret ? t('notify:secretSet') : t('notify:secretUnset')),
      ellipsis: false,
      tooltip: false,
      render: (_, row) =>
        row.hasSecret ? (
          <Tag color="green" size="small">
            {t('notify:secretSet')}
          </Tag>
        ) : (
          <span className="notify-muted">{t('notify:secretUnset')}</span>
        ),
    },
    {
      key: 'test',
      title: t('notify:test'),
      width: 200,
      render: (_, row) => <ChannelTestButton channel={row} onSent={changed} />,
    },
    { key: 'address', title: t('notify:address'), width: 120, flexible: true, cellText: (row) => row.url ?? t('notify:none'), render: (_, row) => row.url ?? t('notify:none') },
    { key: 'recipients', title: t('notify:recipients'), width: 100, flexible: true, cellText: recipients, render: (_, row) => recipients(row) },
    editDeleteColumn<NotifyChannel>({
      title: t('notify:actions'),
      testIdPrefix: 'channel',
      confirmKey: 'notify:deleteChannelConfirm',
      onEdit: (row) => setEditing({ channel: row }),
      onDelete: (row) => remove(row),
    }),
  ];

  return (
    <div data-testid="notify-channels">
      <SettingsTable<NotifyChannel> rowTestId="channel" columns={columns} data={channels.data ?? []} loading={channels.isFetching} onAdd={() => setEditing({})} />
      {editing && (
        <ChannelForm
          editing={editing.channel}
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
