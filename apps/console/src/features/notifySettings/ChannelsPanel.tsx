import { useState } from 'react';
import { Button, Empty, Message, Popconfirm, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type NotifyChannel } from '@pest/shared';
import { deleteChannel } from '../../api/notify.ts';
import { notifyKeys, notifyQueries } from '../../api/notifyQueries.ts';
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
    {
      key: 'actions',
      title: t('notify:actions'),
      width: 110,
      fixed: 'right',
      render: (_, row) => (
        <span className="notify-actions">
          <Button type="text" size="mini" onClick={() => setEditing({ channel: row })} data-testid="channel-edit">
            {t('notify:edit')}
          </Button>
          <Popconfirm title={t('notify:deleteChannelConfirm', { name: row.name })} onOk={() => remove(row)}>
            <Button type="text" size="mini" status="danger" data-testid="channel-delete">
              {t('notify:delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];
  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <div data-testid="notify-channels">
      <div className="notify-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({})} data-testid="channel-add">
          {t('notify:add')}
        </Button>
      </div>
      <Table<NotifyChannel>
        rowKey="id"
        onRow={(row) => ({ 'data-testid': 'channel-row', 'data-channel-id': row.id })}
        columns={columns}
        data={channels.data ?? []}
        loading={channels.isFetching}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: width }}
        noDataElement={<Empty />}
      />
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
