import { hashPassword } from '../../backend/common/password.ts';
import type { Queryable } from '../../backend/db/db.ts';
import type { SeededOrganisations } from './organisations.ts';
import { BuiltInRole } from '@pest/shared';
import { moveUserIdsPastSeeded } from '../../backend/db/reference/roles.ts';

export const DEMO_PASSWORD = '123456';

/**
 * The demo accounts. Ids are fixed because ADMIN_USER_IDS (default 1, 2) names the provider
 * admins by id, as the original console hard-codes them.
 */
export const DEMO_USERS = [
  { id: 1, account: 'admin', name: '系统管理员', role: BuiltInRole.admin, customer: false, label: '服务商管理员' },
  { id: 2, account: 'ops', name: '运营主管', role: BuiltInRole.operations, customer: false, label: '运营主管' },
  { id: 3, account: '13800000001', name: '张经理', role: BuiltInRole.customerManager, customer: true, label: '客户经理' },
  // The field app's technicians: one to sign in with at /field/ (staff give him visits in 服务安排),
  // one the demo plays, who records the visits of the demo customer's first store through the field app's writes.
  { id: 4, account: 'tech', name: '李师傅', role: BuiltInRole.technician, customer: false, label: '技术员（现场 App：/field/）' },
  { id: 5, account: 'crew', name: '王师傅', role: BuiltInRole.technician, customer: false, label: '技术员（由演示模拟）' },
] as const;

/** The technician the demo plays (living/field-crew.ts). */
export const DEMO_CREW = DEMO_USERS[4];

export async function seedUsers(tx: Queryable, organisations: SeededOrganisations): Promise<void> {
  for (const user of DEMO_USERS) {
    await tx.query('insert into users (id, account, name, password_hash, customer_id) values ($1, $2, $3, $4, $5)', [
      user.id,
      user.account,
      user.name,
      await hashPassword(DEMO_PASSWORD),
      user.customer ? organisations.demoCustomerId : null,
    ]);
    await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [user.id, user.role.id]);
  }
  await moveUserIdsPastSeeded(tx);
}
