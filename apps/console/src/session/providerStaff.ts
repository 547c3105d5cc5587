import type { UserInfo } from '@pest/shared';
import { appConfig } from './appConfig.ts';

/** Provider staff, as the backend decides it: an account of no customer, or an administrator. */
export const isProviderStaff = (user: Pick<UserInfo, 'id' | 'customerId'>): boolean => user.customerId === null || appConfig().adminUserIds.includes(user.id);
