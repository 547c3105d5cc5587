import { CHINA_TIME_ZONE } from '@pest/shared';

/** SQL: material `m`'s registration (农药登记证) ran out before today in Beijing. */
export const sqlMaterialExpired = (m: string): string => `coalesce(${m}.registration_valid_until < (now() at time zone '${CHINA_TIME_ZONE}')::date, false)`;

/** SQL: material `m` may be chosen for a visit: enabled, and its registration not run out. */
export const sqlMaterialUsable = (m: string): string => `(${m}.disabled_at is null and not ${sqlMaterialExpired(m)})`;
