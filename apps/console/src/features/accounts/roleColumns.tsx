import { Button, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { RoleRow, TextLanguage } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { permissionSummary } from './roleForm.ts';

/** 角色管理's table: each role, whether it shipped with the product, what it grants, and how many hold it. */
export function roleColumns(t: TFunction<['accounts']>, language: TextLanguage, edit: ((role: RoleRow) => void) | null): DataColumn<RoleRow>[] {
  const permissionsText = (role: RoleRow) => permissionSummary(role.permissions, language)?.join('、') ?? t('accounts:allPermissions');
  return [
    {
      key: 'name',
      title: t('accounts:roleName'),
      width: 120,
      pin: 'left',
      cellText: (role) => role.roleName,
      render: (_, role) => <span data-testid="role-name">{role.roleName}</span>,
    },
    {
      key: 'builtIn',
      title: t('accounts:builtIn'),
      width: 70,
      render: (_, role) =>
        role.builtIn ? (
          <Tag size="small" color="purple">
            {t('accounts:builtIn')}
          </Tag>
        ) : null,
    },
    {
      key: 'permissions',
      title: t('accounts:permissions'),
      width: 240,
      flexible: true,
      maxWidth: 640,
      cellText: (role) => permissionsText(role) || t('accounts:noPermissions'),
      render: (_, role) => <span data-testid="role-permissions">{permissionsText(role) || t('accounts:noPermissions')}</span>,
    },
    { key: 'userCount', title: t('accounts:userCount'), width: 80, align: 'right', cellText: (role) => String(role.userCount), render: (_, role) => role.userCount },
    ...(edit
      ? [
          {
            key: 'actions',
            title: t('accounts:actions'),
            width: 80,
            pin: 'right' as const,
            render: (_: unknown, role: RoleRow) => (
              <Button type="text" size="mini" onClick={() => edit(role)} data-testid="role-edit">
                {t('accounts:edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
}
