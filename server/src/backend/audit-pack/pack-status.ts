import { AuditPackState, CHINA_TIME_ZONE, type AuditPackStatus } from '@pest/shared';
import type { Queryable } from '../db/db.ts';

type Row = Omit<AuditPackStatus, 'downloadUrl'> & { fileName: string | null };

const time = (column: string) => `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`;

const SELECT = `select p.id, p.state, p.step, p.done, p.total,
    array(select c.name from unnest(p.customer_ids) with ordinality as u(id, n) join customers c on c.id = u.id order by u.n) as "customerNames",
    to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate", p.sections,
    ${time('p.created_at')} as "createdAt", ${time('p.finished_at')} as "finishedAt", p.error, p.bytes::float8 as bytes, p.file_name as "fileName"
  from audit_packs p`;

const withLink = ({ fileName: _file, ...row }: Row, link: (id: number) => string): AuditPackStatus => ({
  ...row,
  downloadUrl: row.state === AuditPackState.done ? link(row.id) : null,
});

/** One of the user's packs; null when there is none such (another user's pack is not found). */
export async function packStatus(db: Queryable, userId: number, id: number, link: (id: number, userId: number) => string): Promise<AuditPackStatus | null> {
  const [row] = await db.query<Row>(`${SELECT} where p.id = $1 and p.requested_by = $2`, [id, userId]);
  return row ? withLink(row, (packId) => link(packId, userId)) : null;
}

export const RECENT_PACKS = 20;

export async function packStatuses(db: Queryable, userId: number, link: (id: number, userId: number) => string): Promise<AuditPackStatus[]> {
  const rows = await db.query<Row>(`${SELECT} where p.requested_by = $1 order by p.created_at desc, p.id desc limit ${RECENT_PACKS}`, [userId]);
  return rows.map((row) => withLink(row, (packId) => link(packId, userId)));
}

/** A finished pack of the user: its file's key in the pack store, and the name its download is saved as: 审计资料包-<store>-<start>至<end>.zip. */
export async function packFile(db: Queryable, userId: number, id: number): Promise<{ fileName: string | null; downloadName: string } | null> {
  const [row] = await db.query<Row>(`${SELECT} where p.id = $1 and p.requested_by = $2 and p.state = '${AuditPackState.done}'`, [id, userId]);
  if (!row) return null;
  const who = row.customerNames.length === 1 ? row.customerNames[0]! : `${row.customerNames[0]}等${row.customerNames.length}家门店`;
  return { fileName: row.fileName, downloadName: `审计资料包-${who}-${row.startDate}至${row.endDate}.zip` };
}
