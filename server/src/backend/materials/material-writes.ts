import { MATERIAL_KINDS_NEEDING_REGISTRATION, MaterialMessages, OSS_PUBLIC_PATH, type MaterialSaveBody } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';

const trimmed = (text: string | null | undefined) => text?.trim() || null;

/** Adds a material or edits one at the version its editor loaded; answers its id. */
export async function saveMaterial(tx: Queryable, body: MaterialSaveBody, fileBase: string): Promise<number> {
  const name = body.name.trim();
  if (!name) throw new ApiError(400, MaterialMessages.nameRequired);
  const unit = body.unit.trim();
  if (!unit) throw new ApiError(400, MaterialMessages.unitRequired);
  const registrationNo = trimmed(body.registrationNo);
  if (!registrationNo && MATERIAL_KINDS_NEEDING_REGISTRATION.includes(body.type)) throw new ApiError(400, MaterialMessages.pesticideNeedsNo);
  if (!registrationNo && body.registrationValidUntil) throw new ApiError(400, MaterialMessages.validUntilWithoutNo);
  const sdsPath = body.sdsUrl ? storedImagePath(body.sdsUrl) : null;
  if (sdsPath && !isOurImage(sdsPath, fileBase) && !isOurImage(sdsPath, OSS_PUBLIC_PATH)) throw new ApiError(400, MaterialMessages.sdsNotOurs);
  if (body.id !== undefined && !(await lockForEdit(tx, 'materials', body.id, body.version))) throw new ApiError(404, MaterialMessages.notFound);
  const [taken] = await tx.query('select 1 from materials where name = $1 and id <> $2', [name, body.id ?? 0]);
  if (taken) throw new ApiError(400, MaterialMessages.nameTaken);
  const values = [name, body.type, registrationNo, body.registrationValidUntil ?? null, trimmed(body.activeIngredient), trimmed(body.concentration), trimmed(body.manufacturer), unit, sdsPath];
  return refusedAsTaken(MaterialMessages.nameTaken, async () => {
    if (body.id === undefined) {
      const [row] = (await tx.query<{ id: number }>(
        `insert into materials (name, kind, registration_no, registration_valid_until, active_ingredient, concentration, manufacturer, unit, sds_path)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        values,
      )) as [{ id: number }];
      return row.id;
    }
    await tx.query(
      `update materials set name = $1, kind = $2, registration_no = $3, registration_valid_until = $4, active_ingredient = $5, concentration = $6,
         manufacturer = $7, unit = $8, sds_path = $9, version = version + 1
       where id = $10`,
      [...values, body.id],
    );
    return body.id;
  });
}

/** Disables a material (out of the pickers, kept for the visits that used it) or enables it again. */
export async function setMaterialDisabled(tx: Queryable, id: number, version: number | undefined, disabled: boolean): Promise<void> {
  if (!(await lockForEdit(tx, 'materials', id, version))) throw new ApiError(404, MaterialMessages.notFound);
  await tx.query(`update materials set disabled_at = ${disabled ? 'coalesce(disabled_at, now())' : 'null'}, version = version + 1 where id = $1`, [id]);
}
