import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { Integration, IntegrationState } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { hasRotatableSecret } from './integrationForm.ts';

export interface IntegrationActions {
  edit(row: Integration): void;
  rotateSecret(row: Integration): void;
}

/** Green when it works, red when it does not, grey when it is not meant to (disabled, or a webhook nobody called yet). */
const STATE_COLORS: Record<IntegrationState, string> = { connected: 'green', connecting: 'arcoblue', error: 'red', idle: 'gray', disabled: 'gray' };

const text = (value: string | null) => value ?? '';

/** 设备接入's table: which network server, whether it is connected or why not, and what came through today. */
export function integrationColumns(t: TFunction<['connectivity']>, actions: IntegrationActions): DataColumn<Integration>[] {
  const stateText = (row: Integration) => t(`connectivity:state.${row.state}`);
  return [
    {
      key: 'name',
      title: t('connectivity:integrationName'),
      width: 120,
      pin: 'left',
      cellText: (row) => row.name,
      render: (_, row) => <span data-testid="integration-name">{row.name}</span>,
    },
    { key: 'kind', title: t('connectivity:kind'), width: 140, cellText: (row) => t(`connectivity:kindLabel.${row.kind}`), render: (_, row) => t(`connectivity:kindLabel.${row.kind}`) },
    {
      key: 'enabled',
      title: t('connectivity:enabled'),
      width: 70,
      cellText: (row) => t(row.enabled ? 'connectivity:enabledYes' : 'connectivity:enabledNo'),
      render: (_, row) => t(row.enabled ? 'connectivity:enabledYes' : 'connectivity:enabledNo'),
    },
    {
      key: 'state',
      title: t('connectivity:status'),
      width: 90,
      // The error's words are the point of the column: beside the tag, not behind a hover.
      cellText: (row) => (row.state === 'error' && row.lastError ? `${stateText(row)} ${row.lastError}` : stateText(row)),
      cellExtra: 16,
      render: (_, row) => (
        <span data-testid="integration-state" data-state={row.state}>
          <Tag size="small" color={STATE_COLORS[row.state]}>
            {stateText(row)}
          </Tag>
          {row.state === 'error' && row.lastError && <span className="integrations-error"> {row.lastError}</span>}
        </span>
      ),
    },
    { key: 'messagesToday', title: t('connectivity:messagesToday'), width: 80, align: 'right', render: (_, row) => row.messagesToday },
    {
      key: 'errorsToday',
      title: t('connectivity:errorsToday'),
      width: 80,
      align: 'right',
      render: (_, row) => <span className={row.errorsToday > 0 ? 'integrations-error' : undefined}>{row.errorsToday}</span>,
    },
    { key: 'lastMessageAt', title: t('connectivity:lastMessageAt'), width: 150, cellText: (row) => text(row.lastMessageAt), render: (_, row) => text(row.lastMessageAt) },
    {
      key: 'webhookPath',
      title: t('connectivity:webhookPath'),
      width: 160,
      flexible: true,
      cellText: (row) => text(row.webhookPath),
      render: (_, row) => (
        <span className="integrations-mono" data-testid="integration-webhook-path">
          {text(row.webhookPath)}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('connectivity:actions'),
      width: 150,
      pin: 'right',
      render: (_, row) => (
        <span className="integrations-actions">
          <Button type="text" size="small" onClick={() => actions.edit(row)} data-testid="integration-edit">
            {t('connectivity:edit')}
          </Button>
          {hasRotatableSecret(row.kind) && (
            <Popconfirm title={t('connectivity:rotateConfirm')} onOk={() => actions.rotateSecret(row)}>
              <Button type="text" size="small" status="danger" data-testid="integration-rotate">
                {t('connectivity:rotateSecret')}
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];
}
