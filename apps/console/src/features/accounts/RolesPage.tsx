import { useMemo, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@pest/shared';
import { accountQueries } from '../../api/accounts.ts';
import { interfaceLanguage } from '../../api/language.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { isProviderStaff } from '../../session/providerStaff.ts';
import { useSession } from '../../session/session.ts';
import { RoleDialog } from './RoleDialog.tsx';
import { roleColumns } from './roleColumns.tsx';
import './accounts.css';

/**
 * 角色管理: what each role lets its holders see and do. Only provider staff change roles (the
 * server refuses a customer's manager), so only they are offered 新增 and 编辑. A change reaches
 * the holders at their next call.
 */
export function RolesPage() {
  const { t } = useTranslation(['accounts', 'route']);
  const user = useSession().user;
  const staff = user ? isProviderStaff(user) : false;
  const roles = useQuery(accountQueries.roles());
  // A role to edit, or null for a new one.
  const [dialog, setDialog] = useState<{ editing: RoleRow | null } | null>(null);
  const language = interfaceLanguage();
  const columns = useMemo(() => roleColumns(t, language, staff ? (editing) => setDialog({ editing }) : null), [t, language, staff]);

  return (
    <ListScreen
      testId="roles-page"
      title={t('route:systemRoles')}
      extra={
        staff && (
          <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ editing: null })} data-testid="role-add">
            {t('accounts:addRole')}
          </Button>
        )
      }
    >
      <DataTable<RoleRow>
        tableId="roles"
        testId="role-table"
        rowKey="id"
        columns={columns}
        data={roles.data ?? []}
        loading={roles.isPending && roles.isFetching}
        pagination={false}
      />
      {dialog && <RoleDialog editing={dialog.editing ?? undefined} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
