import { useCallback, useMemo } from 'react';
import { Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MATERIAL_COUNT_UNITS, type JobOrderMaterial } from '@pest/shared';
import { jobOrderQueries } from '../../api/jobOrderQueries.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';

const KIND_COLORS: Record<JobOrderMaterial['kind'], string> = { rodenticide: 'red', insecticide: 'orange', bait: 'orangered', glueBoard: 'gray', consumable: 'gray' };

/** A product is used at most once per region on a visit (the register's key). */
type MaterialRow = JobOrderMaterial & { key: string };

/** A tag's padding and border around its text. */
const TAG_CHROME = 18;
const orDash = (value: string | null) => value ?? '—';

const isCountUnit = (unit: string): unit is keyof typeof MATERIAL_COUNT_UNITS => Object.hasOwn(MATERIAL_COUNT_UNITS, unit);

/** The job order's 用药记录: what was applied or installed where, with the registration and lot an auditor asks for. */
export function MaterialsTable({ jobId }: { jobId: number }) {
  const { t } = useTranslation('pointCheck');
  const { data: materials } = useQuery({
    ...jobOrderQueries.materials(jobId),
    select: (rows): MaterialRow[] => rows.map((row) => ({ ...row, key: `${row.regionName}/${row.materialName}` })),
  });

  /** Whole quantities without a decimal, others to one; a counting word (张) in the interface language, g and ml as they are. */
  const quantityText = useCallback(
    (row: JobOrderMaterial) => {
      const quantity = Number.isInteger(row.quantity) ? String(row.quantity) : row.quantity.toFixed(1);
      return isCountUnit(row.unit) ? t(`materials.units.${MATERIAL_COUNT_UNITS[row.unit]}`, { quantity }) : `${quantity} ${row.unit}`;
    },
    [t],
  );

  const columns = useMemo(
    (): DataColumn<MaterialRow>[] => [
      { key: 'materialName', dataIndex: 'materialName', title: t('materials.materialName'), width: 150, pin: 'left', cellText: (row) => row.materialName },
      {
        key: 'kind',
        title: t('materials.kind'),
        width: 80,
        render: (_: unknown, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`materials.kinds.${row.kind}`)}</Tag>,
        cellText: (row) => t(`materials.kinds.${row.kind}`),
        cellExtra: TAG_CHROME,
      },
      // Sized by their texts, titles included: a fixed width let the English "Pesticide registration no." run into "Lot no.".
      { key: 'registrationNo', title: t('materials.registrationNo'), width: 120, render: (_: unknown, row) => orDash(row.registrationNo), cellText: (row) => orDash(row.registrationNo) },
      {
        key: 'activeIngredient',
        title: t('materials.activeIngredient'),
        width: 100,
        optional: true,
        render: (_: unknown, row) => orDash(row.activeIngredient),
        cellText: (row) => orDash(row.activeIngredient),
      },
      { key: 'lotNo', dataIndex: 'lotNo', title: t('materials.lotNo'), width: 90, cellText: (row) => row.lotNo },
      { key: 'quantity', title: t('materials.quantity'), width: 80, align: 'right', render: (_: unknown, row) => quantityText(row), cellText: quantityText },
      { key: 'regionName', dataIndex: 'regionName', title: t('materials.regionName'), width: 140, flexible: true, cellText: (row) => row.regionName },
    ],
    [t, quantityText],
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
