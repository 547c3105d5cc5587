import { OSS_PUBLIC_PATH, ProviderDocumentKind, chinaDay } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';

/** Where the seeded scans live in the object store; the backend draws any that are missing there (provider-documents/seeded-scans.ts). */
export const SEEDED_SCANS_KEY_PREFIX = 'seed/provider-documents/';

const yearOf = (end: Date) => Number(chinaDay(end).slice(0, 4));

/**
 * The demo provider's licences: a business licence and a current pest-control qualification, both
 * valid over the seeded year and beyond, and the qualification it replaced, expired. Dates follow
 * the anchor's year so every anchor has the same story.
 */
export async function seedProviderDocuments(tx: Queryable, providerId: number, createdBy: number, end: Date): Promise<void> {
  const year = yearOf(end);
  const documents = [
    { kind: ProviderDocumentKind.businessLicence, name: '营业执照（副本）', file: 'business-licence', from: `${year - 8}-06-12`, to: `${year + 12}-06-11` },
    { kind: ProviderDocumentKind.pestControlQualification, name: '有害生物防制服务资质证书（A级）', file: 'qualification-current', from: `${year - 2}-03-01`, to: `${year + 1}-02-28` },
    { kind: ProviderDocumentKind.pestControlQualification, name: '有害生物防制服务资质证书（B级）', file: 'qualification-expired', from: `${year - 5}-03-01`, to: `${year - 2}-02-28` },
  ];
  for (const document of documents) {
    await tx.query(
      `insert into provider_documents (provider_id, kind, name, file_path, valid_from, valid_to, created_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7::date, $8)`,
      [providerId, document.kind, document.name, `${OSS_PUBLIC_PATH}/${SEEDED_SCANS_KEY_PREFIX}${document.file}.png`, document.from, document.to, document.from, createdBy],
    );
  }
}
