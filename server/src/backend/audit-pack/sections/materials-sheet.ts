import { MATERIAL_KIND_LABELS, type TableHeaderNode } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';
import { storeMaterials } from '../../job-orders/material-queries.ts';
import { xlsxStream, type PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';

const HEADER: TableHeaderNode[] = [
  { prop: 'day', name: '服务日期' },
  { prop: 'jobCode', name: '工单编号' },
  { prop: 'materialName', name: '药剂/耗材' },
  { prop: 'kind', name: '类别' },
  { prop: 'registrationNo', name: '农药登记证号' },
  { prop: 'activeIngredient', name: '有效成分' },
  { prop: 'lotNo', name: '批号' },
  { prop: 'quantity', name: '用量' },
  { prop: 'unit', name: '单位' },
  { prop: 'regionName', name: '使用位置' },
];

/** 07-用药记录.xlsx: every product the store's visits used in the period, with registration and lot. */
export function materialsEntry(db: Queryable, storeId: number, period: PackPeriod, name: string): PackEntry {
  return {
    section: 'materials',
    name,
    open: async () => {
      const rows = await storeMaterials(db, storeId, period.startDate, period.endDate);
      return xlsxStream({
        sheetName: '用药记录',
        header: HEADER,
        rows: rows.map((row) => ({ ...row, kind: MATERIAL_KIND_LABELS[row.kind], registrationNo: row.registrationNo ?? '—', activeIngredient: row.activeIngredient ?? '—' })),
      });
    },
  };
}
