import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { BuiltInRole } from '@pest/shared';
import { hashPassword } from '../common/password.ts';
import type { Db, Queryable } from './db.ts';
import { lockSetup } from './setup-lock.ts';
import { readInstallation, recordInstallation } from './installation.ts';
import { seedReferenceData } from './reference/reference.ts';
import { moveUserIdsPastSeeded } from './reference/roles.ts';

/** The provider's organisation until it is renamed: an empty start knows nothing of the provider yet. */
export const EMPTY_START_PROVIDER_NAME = '服务商';
export const FIRST_ADMIN_ACCOUNT = 'admin';

export interface ProductStartOptions {
  logger: Logger;
  /** The first administrator's id: the first of ADMIN_USER_IDS, so that it is a provider administrator. */
  adminUserId: number;
  /** INITIAL_ADMIN_PASSWORD; null: a random one, told to `onBanner` only. */
  initialAdminPassword: string | null;
  /** The start banner: the only place a generated password ever appears. */
  onBanner?: (line: string) => void;
}

/**
 * DEMO=off: an empty database gets the reference data, the provider's organisation and one
 * administrator, who must change the given password at first sign-in; nothing is generated. A
 * database that has been started before is left alone, so the password is never told again.
 */
export async function startEmptyProduct(db: Db, { logger, adminUserId, initialAdminPassword, onBanner }: ProductStartOptions): Promise<void> {
  const generated = await db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await readInstallation(tx)) return null;
    await recordInstallation(tx, false);
    await seedReferenceData(tx);
    await tx.query('insert into providers (name) values ($1)', [EMPTY_START_PROVIDER_NAME]);
    const password = initialAdminPassword ?? randomBytes(12).toString('base64url');
    await seedFirstAdministrator(tx, adminUserId, password);
    logger.info({ account: FIRST_ADMIN_ACCOUNT }, 'empty start: reference data and the first administrator created');
    return initialAdminPassword ? null : password;
  });
  if (generated) onBanner?.(`First administrator: ${FIRST_ADMIN_ACCOUNT} / ${generated}  (shown this once; change it at first sign-in)`);
}

async function seedFirstAdministrator(tx: Queryable, id: number, password: string): Promise<void> {
  await tx.query('insert into users (id, account, name, password_hash, must_change_password) values ($1, $2, $3, $4, true)', [
    id,
    FIRST_ADMIN_ACCOUNT,
    '系统管理员',
    await hashPassword(password),
  ]);
  await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, BuiltInRole.admin.id]);
  await moveUserIdsPastSeeded(tx);
}
