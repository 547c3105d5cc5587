import { Button, Link, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { Material } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

export interface MaterialActions {
  edit(row: Material): void;
  disable(row: Material): void;
  enable(row: Material): void;
}

/** Texts of the columns that show one field, or nothing when it is not set. */
const text = (value: string | null) => value ?? '';

/** 已过期's tag and its gap beside the day. */
const EXPIRED_TAG = 64;

/** 物料's table: what it is, its registration and until when, what is in it, its sheet and whether it may be picked; the actions for those who manage it. */
export function materialColumns(t: TFunction<['materials']>, actions: MaterialActions | null): DataColumn<Material>[] {
  const kind = (row: Material) => t(`materials:kinds.${row.type}`);
  const state = (row: Material) => (row.disabled ? t('materials:disabledState') : t('materials:enabledState'));
  const columns: DataColumn<Material>[] = [
    {
      key: 'name',
      title: t('materials:name'),
      width: 120,
      pin: 'left',
      cellText: (row) => row.name,
      render: (_, row) => <span data-testid="material-name">{row.name}</span>,
    },
    { key: 'type', title: t('materials:type'), width: 70, cellText: kind, render: (_, row) => kind(row) },
    { key: 'registrationNo', title: t('materials:registrationNo'), width: 110, cellText: (row) => text(row.registrationNo), render: (_, row) => text(row.registrationNo) },
    {
      key: 'registrationValidUntil',
      title: t('materials:registrationValidUntil'),
      width: 110,
      cellText: (row) => text(row.registrationValidUntil),
      cellExtra: EXPIRED_TAG,
      render: (_, row) =>
        row.expired ? (
          <span className="materials-expired" data-testid="material-expired">
            {row.registrationValidUntil}
            <Tag size="small" color="red">
              {t('materials:expired')}
            </Tag>
          </span>
        ) : (
          text(row.registrationValidUntil)
        ),
    },
    { key: 'activeIngredient', title: t('materials:activeIngredient'), width: 90, cellText: (row) => text(row.activeIngredient), render: (_, row) => text(row.activeIngredient) },
    // In 列设置, left out at first so the others fit at 1440 px: a product's name usually says its concentration (4.5%高效氯氰菊酯).
    {
      key: 'concentration',
      title: t('materials:concentration'),
      width: 70,
      optional: true,
      cellText: (row) => text(row.concentration),
      render: (_, row) => text(row.concentration),
    },
    {
      key: 'manufacturer',
      title: t('materials:manufacturer'),
      width: 120,
      flexible: true,
      cellText: (row) => text(row.manufacturer),
      render: (_, row) => text(row.manufacturer),
    },
    { key: 'unit', title: t('materials:unit'), width: 50, cellText: (row) => row.unit, render: (_, row) => row.unit },
    {
      key: 'sds',
      title: t('materials:sds'),
      width: 60,
      cellText: (row) => (row.sdsUrl ? t('materials:sdsView') : ''),
      render: (_, row) =>
        row.sdsUrl && (
          // A new tab: the sheet is read beside the list, not instead of it.
          <Link href={row.sdsUrl} target="_blank" rel="noreferrer" aria-label={`${t('materials:sds')} ${row.name}`} data-testid="material-sds">
            {t('materials:sdsView')}
          </Link>
        ),
    },
    {
      key: 'state',
      title: t('materials:state'),
      width: 70,
      cellText: state,
      render: (_, row) => (
        <Tag size="small" color={row.disabled ? 'gray' : 'green'} data-testid="material-state">
          {state(row)}
        </Tag>
      ),
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      title: t('materials:actions'),
      width: 110,
      pin: 'right',
      render: (_, row) => <MaterialRowActions row={row} t={t} actions={actions} />,
    },
  ];
}

function MaterialRowActions({ row, t, actions }: { row: Material; t: TFunction<['materials']>; actions: MaterialActions }) {
  return (
    <span className="materials-actions">
      <Button type="text" size="mini" onClick={() => actions.edit(row)} data-testid="material-edit">
        {t('materials:edit')}
      </Button>
      {row.disabled ? (
        <Popconfirm title={t('materials:enableConfirm', { name: row.name })} onOk={() => actions.enable(row)}>
          <Button type="text" size="mini" data-testid="material-enable">
            {t('materials:enable')}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm title={t('materials:disableConfirm', { name: row.name })} onOk={() => actions.disable(row)}>
          <Button type="text" size="mini" status="danger" data-testid="material-disable">
            {t('materials:disable')}
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
