import { RiskStatus } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { sqlPick } from './hash.ts';
import { PhotoKind } from '../../backend/common/photo-kind.ts';

/** How many photos a technician takes: 1 to 3 of the problem, 1 to 2 once it is put right. */
const BEFORE_PHOTOS = { min: 1, max: 3 } as const;
const AFTER_PHOTOS = { min: 1, max: 2 } as const;

/**
 * The photos risks lack, set-based: those of the problem for a new risk, those of the result for a
 * risk just put right. Which photos exist is deterministic; the tokens are random on purpose
 * (gen_random_uuid): a token derived from the public generator seed could be recomputed by anyone,
 * and the token is what lets a browser fetch the photo.
 */
export async function addRiskPhotos(tx: Queryable): Promise<void> {
  const count = (label: string, { min, max }: { min: number; max: number }) => `${min} + ${sqlPick(label, 'r.id', max - min + 1)}`;
  await tx.query(
    `with lacking as (
       select r.id, k.kind
       from risks r
       cross join (values (${PhotoKind.before}), (${PhotoKind.after})) as k(kind)
       where (k.kind = ${PhotoKind.before} or r.status = ${RiskStatus.rectified})
         and not exists (select 1 from risk_photos p where p.risk_id = r.id and p.kind = k.kind)
     )
     insert into risk_photos (id, risk_id, kind, position, token)
     select (select coalesce(max(id), 0) from risk_photos) + row_number() over (order by r.id, r.kind, n.position),
            r.id, r.kind, n.position, replace(gen_random_uuid()::text, '-', '')
     from lacking r
     cross join generate_series(1, ${Math.max(BEFORE_PHOTOS.max, AFTER_PHOTOS.max)}) as n(position)
     where (r.kind = ${PhotoKind.before} and n.position <= ${count('photo-before', BEFORE_PHOTOS)})
        or (r.kind = ${PhotoKind.after} and n.position <= ${count('photo-after', AFTER_PHOTOS)})
     order by 1`,
  );
}
