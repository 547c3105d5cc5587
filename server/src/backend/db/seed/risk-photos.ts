import { RiskStatus } from '@pest/shared';
import type { Queryable } from '../db.ts';
import { sqlPick } from './hash.ts';

/** risk_photos.kind */
export const PhotoKind = { before: 1, after: 2 } as const;
export type PhotoKind = (typeof PhotoKind)[keyof typeof PhotoKind];

/** How many photos a technician takes: 1 to 3 of the problem, 1 to 2 once it is put right. */
const BEFORE_PHOTOS = { min: 1, max: 3 } as const;
const AFTER_PHOTOS = { min: 1, max: 2 } as const;

/**
 * The photos of every risk, set-based. Which photos exist is deterministic; the tokens are
 * random on purpose (gen_random_uuid): a token derived from the public generator seed could be
 * recomputed by anyone, and the token is what lets a browser fetch the photo.
 */
export async function seedRiskPhotos(tx: Queryable): Promise<void> {
  const count = (label: string, { min, max }: { min: number; max: number }) => `${min} + ${sqlPick(label, 'r.id', max - min + 1)}`;
  await tx.query(
    `insert into risk_photos (id, risk_id, kind, position, token)
     select row_number() over (order by r.id, k.kind, n.position), r.id, k.kind, n.position, replace(gen_random_uuid()::text, '-', '')
     from risks r
     cross join (values (${PhotoKind.before}), (${PhotoKind.after})) as k(kind)
     cross join generate_series(1, ${Math.max(BEFORE_PHOTOS.max, AFTER_PHOTOS.max)}) as n(position)
     where (k.kind = ${PhotoKind.before} and n.position <= ${count('photo-before', BEFORE_PHOTOS)})
        or (k.kind = ${PhotoKind.after} and r.status = ${RiskStatus.rectified} and n.position <= ${count('photo-after', AFTER_PHOTOS)})
     order by 1`,
  );
  await tx.exec('analyze risk_photos');
}
