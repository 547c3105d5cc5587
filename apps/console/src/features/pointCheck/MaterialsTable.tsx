import { useMemo } from 'react';
import { Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JobOrderMaterial } from '@pest/shared';
import { jobOrderQueries } from '../../api/jobOrderQueries.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';

const KIND_COLORS: Record<JobOrderMaterial['kind'], string> = { rodenticide: 'red', insecticide: 'orange', consumable: 'gray' };

/** A product is used at most once per region on a visit (the register's key). */
type MaterialRow = JobOrderMaterial & { key: string };

/** Whole quantities without a decimal, others to one. */
const quantityText = (row: JobOrderMaterial) => `${Number.isInteger(row.quantity) ? row.quantity : row.quantity.toFixed(1)} ${row.unit}`;

/** The job order's 用药记录: what was applied or installed where, with the registration and lot an auditor asks for. */
export function MaterialsTable({ jobId }: { jobId: number }) {
  const { t } = useTranslation('pointCheck');
  const { data: materials } = useQuery({
    ...jobOrderQueries.materials(jobId),
    select: (rows): MaterialRow[] => rows.map((row) => ({ ...row, key: `${row.regionName}/${row.materialName}` })),
  });

  const columns = useMemo(
    (): DataColumn<MaterialRow>[] => [
      { key: 'materialName', dataIndex: 'materialName', title: t('materials.materialName'), width: 150, pin: 'left', cellText: (row) => row.materialName },
      {
        key: 'kind',
        title: t('materials.kind'),
        width: 80,
        render: (_: unknown, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`materials.kinds.${row.kind}`)}</Tag>,
      },
      { key: 'registrationNo', title: t('materials.registrationNo'), width: 120, render: (_: unknown, row) => row.registrationNo ?? '—' },
      { key: 'activeIngredient', title: t('materials.activeIngredient'), width: 100, optional: true, render: (_: unknown, row) => row.activeIngredient ?? '—' },
      { key: 'lotNo', dataIndex: 'lotNo', title: t('materials.lotNo'), width: 90 },
      { key: 'quantity', title: t('materials.quantity'), width: 80, align: 'right', render: (_: unknown, row) => quantityText(row), cellText: quantityText },
      { key: 'regionName', dataIndex: 'regionName', title: t('materials.regionName'), width: 140, flexible: true, cellText: (row) => row.regionName },
    ],
    [t],
  );

  if (materials === undefined) return null;
  return (
    <section className="point-check-materials" aria-labelledby="point-check-materials-title" data-testid="point-check-materials">
      <h3 id="point-check-materials-title" className="point-check-section-title">
        {t('materials.title')}
      </h3>
      <DataTable<MaterialRow>
        tableId="jobOrderMaterials"
        testId="point-check-materials-table"
        rowKey="key"
        columns={columns}
        data={materials}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        emptyText={t('materials.empty')}
      />
    </section>
  );
}
