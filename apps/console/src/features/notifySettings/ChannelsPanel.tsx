import { useState } from 'react';
import { Message, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type NotifyChannel } from '@pest/shared';
import { deleteChannel } from '../../api/notify.ts';
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

  const remove = async (channel: NotifyChannel) => {
    try {
      await deleteChannel(channel.id);
      Message.success({ content: t('notify:deleted'), duration: TOAST_DURATION_MS });
      changed();
    } catch {
      // The http client has shown the server's reason (a rule still uses it).
    }
  };

  const columns: TableColumnProps<NotifyChannel>[] = [
    { key: 'name', dataIndex: 'name', title: t('notify:name'), width: 130, ellipsis: true, tooltip: true },
    { key: 'type', title: t('notify:type'), width: 120, render: (_, row) => t(`notify:channelType.${row.type}`) },
    {
      key: 'address',
      title: t('notify:address'),
      width: 240,
      render: (_, row) => <span className="notify-address">{row.url ?? t('notify:none')}</span>,
    },
    {
      key: 'recipients',
      title: t('notify:recipients'),
      width: 170,
      render: (_, row) => <span className="notify-address">{row.to.length > 0 ? row.to.join(', ') : t('notify:none')}</span>,
    },
    {
      key: 'secret',
      title: t('notify:secret'),
      width: 100,
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
      width: 250,
      render: (_, row) => <ChannelTestButton channel={row} onSent={changed} />,
    },
    editDeleteColumn<NotifyChannel>({
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
