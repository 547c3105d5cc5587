import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { AUDIT_PACK_SECTION_FILES, type AuditPackSection } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { PackEntry } from './pack-entry.ts';
import type { PackJob } from './pack-jobs.ts';
import type { PackPeriod } from './pack-period.ts';
import { packStores, storeFolder, type PackStore } from './pack-stores.ts';
import { coverEntry, type PackContent } from './sections/cover.ts';
import { materialsEntry } from './sections/materials-sheet.ts';
import { devicesEntry } from './sections/devices.ts';
import { documentEntries } from './sections/documents.ts';
import { floorPlanEntries } from './sections/floor-plans.ts';
import { planEntry } from './sections/plan.ts';
import { pointChecksEntry } from './sections/point-checks.ts';
import { rectificationEntries } from './sections/rectification.ts';
import { serviceReportEntries } from './sections/service-reports.ts';
import { trendsEntry } from './sections/trends.ts';
import type { BuildContext, PackProgress } from './pack-build.ts';

/** The sections this builder makes, in the zip's order; the cover is made last and named first. */
const BUILT_SECTIONS: readonly AuditPackSection[] = ['plan', 'floorPlans', 'serviceReports', 'pointChecks', 'trends', 'rectification', 'materials', 'devices', 'documents'];

async function sectionEntries(
  db: Queryable,
  section: AuditPackSection,
  store: PackStore,
  period: PackPeriod,
  folder: string,
  { ageing, uploads }: BuildContext,
): Promise<PackEntry[]> {
  const file = `${folder}${AUDIT_PACK_SECTION_FILES[section]}`;
  switch (section) {
    case 'serviceReports':
      return serviceReportEntries(db, store.id, period, `${file}/`, uploads);
    case 'plan':
      return [planEntry(db, store, period, file)];
    case 'floorPlans':
      return floorPlanEntries(db, store, `${file}/`, uploads);
    case 'materials':
      return [materialsEntry(db, store.id, period, file)];
    case 'rectification':
      return rectificationEntries(db, store, period, ageing, file);
    case 'pointChecks':
      return [pointChecksEntry(db, store.id, period, file)];
    case 'trends':
      return [trendsEntry(db, store, period, file)];
    case 'devices':
      return [devicesEntry(db, store, period, file)];
    case 'documents':
      return documentEntries(db, period, uploads, `${file}/`);
    default:
      return [];
  }
}

/**
 * Writes the pack to `file` as a zip streamed to disk: one entry at a time, each opened only when
 * the previous one is written, so memory holds one document, never the pack. Progress (and the
 * chance to stop) comes before every entry.
 */
export async function buildPack(db: Queryable, job: PackJob, file: string, progress: PackProgress, context: BuildContext): Promise<void> {
  const stores = await packStores(db, job.customerIds);
  const period: PackPeriod = { startDate: job.startDate, endDate: job.endDate };
  const folderOf = (store: PackStore) => (stores.length > 1 ? `${storeFolder(store)}/` : '');
  const planned: { store: PackStore; entries: PackEntry[] }[] = [];
  for (const store of stores) {
    const entries: PackEntry[] = [];
    for (const section of BUILT_SECTIONS.filter((built) => job.sections.includes(built))) {
      entries.push(...(await sectionEntries(db, section, store, period, folderOf(store), context)));
    }
    planned.push({ store, entries });
  }

  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  // A write that fails (disk full, the directory gone) ends the pack at once: every copy races it,
  // so none waits for a drain that will never come, and its rejection is never left unhandled.
  const writeFailed = written.then(() => new Promise<never>(() => {}));
  writeFailed.catch(() => undefined);
  const add = async (entry: PackEntry) => {
    const source = await entry.open();
    // yazl keeps every stream it is given until the zip ends. Given the document itself, it kept each
    // PDF with its parsed fonts and pages (40 documents, ~90 MB of heap by a year's pack); given a
    // carrier, the document goes as soon as it is copied. Copied by hand: pipe() leaves a listener on
    // its destination that holds the source.
    const carrier = new PassThrough();
    zip.addReadStream(carrier, entry.name);
    const copy = async () => {
      for await (const chunk of source) if (!carrier.write(chunk)) await once(carrier, 'drain');
      carrier.end();
      await finished(carrier);
    };
    await Promise.race([copy(), writeFailed]);
  };
  try {
    const total = planned.reduce((sum, { entries }) => sum + entries.length + 1, 0);
    let done = 0;
    for (const { store, entries } of planned) {
      const contents: PackContent[] = [];
      for (const entry of entries) {
        await progress({ step: AUDIT_PACK_SECTION_FILES[entry.section], done: done++, total });
        await add(entry);
        contents.push({ section: entry.section, name: entry.name.slice(folderOf(store).length) });
      }
      await progress({ step: AUDIT_PACK_SECTION_FILES.cover, done: done++, total });
      await add(coverEntry(db, store, period, contents, `${folderOf(store)}${AUDIT_PACK_SECTION_FILES.cover}`, context.ageing.now));
    }
    zip.end();
    await written;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    throw error;
  }
}
