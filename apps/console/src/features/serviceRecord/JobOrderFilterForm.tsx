import { useState } from 'react';
import { DatePicker, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, type DateRangeValue } from '@pest/shared';
import { useDateShortcuts } from '../../components/DateShortcuts/useDateShortcuts.ts';
import { FilterForm, FilterItem, defineFilterConfig } from '../../components/FilterForm/index.ts';
import type { JobOrderFilters } from './jobOrderQuery.ts';

interface JobOrderFilterFormProps {
  /** Query with the fields as they are; Reset queries with none. */
  onQuery(filters: JobOrderFilters): void;
}

/** The shared form's organisation/store picker, several stores or whole organisations (issue 35); the rest are this screen's own. */
const JOB_ORDER_FILTERS = defineFilterConfig({ fields: ['organisation'], organisationMode: 'multiple' });

type OwnFields = Omit<JobOrderFilters, 'customerIds'>;

/** A range picked by day defaults to the whole of both days. */
const RANGE_DEFAULT_TIMES = { defaultValue: ['00:00:00', '23:59:59'] };

/** The service report list's filters (console-spec screen 10): staff, job order name and two time ranges, and the stores (an extension). */
export function JobOrderFilterForm({ onQuery }: JobOrderFilterFormProps) {
  const { t } = useTranslation(['serviceRecord']);
  const [fields, setFields] = useState<OwnFields>({});
  const set = (patch: OwnFields) => setFields((current) => ({ ...current, ...patch }));
  const rangePlaceholder = [t('serviceRecord:rangeStart'), t('serviceRecord:rangeEnd')];
  const shortcuts = useDateShortcuts({ withTime: true });

  const range = (field: 'serviceStart' | 'serviceEnd') => (
    <DatePicker.RangePicker
      showTime={RANGE_DEFAULT_TIMES}
      shortcuts={shortcuts}
      shortcutsPlacementLeft
      format={DATE_TIME_FORMAT}
      placeholder={rangePlaceholder}
      style={{ width: '100%' }}
      className="job-order-range"
      value={fields[field] ? [...fields[field]] : undefined}
      onChange={(dates: string[] | undefined) => {
        const [start, end] = dates ?? [];
        set({ [field]: start && end ? ([start, end] satisfies DateRangeValue) : undefined });
      }}
      data-testid={field === 'serviceStart' ? 'filter-service-start' : 'filter-service-end'}
    />
  );

  return (
    <FilterForm
      config={JOB_ORDER_FILTERS}
      extraItems={
        <>
          <FilterItem name="advocateStaffName" label={t('serviceRecord:staffName')}>
            <Input
              allowClear
              placeholder={t('serviceRecord:staffNamePlaceholder')}
              value={fields.advocateStaffName ?? ''}
              onChange={(advocateStaffName) => set({ advocateStaffName })}
              data-testid="filter-staff-name"
            />
          </FilterItem>
          <FilterItem name="jobOrderName" label={t('serviceRecord:jobOrderName')}>
            <Input
              allowClear
              placeholder={t('serviceRecord:jobOrderNamePlaceholder')}
              value={fields.jobOrderName ?? ''}
              onChange={(jobOrderName) => set({ jobOrderName })}
              data-testid="filter-job-order-name"
            />
          </FilterItem>
          <FilterItem name="serviceStart" label={t('serviceRecord:serviceStart')}>
            {range('serviceStart')}
          </FilterItem>
          <FilterItem name="serviceEnd" label={t('serviceRecord:serviceEnd')}>
            {range('serviceEnd')}
          </FilterItem>
        </>
      }
      onQuery={(params) => onQuery({ ...fields, customerIds: params.customerIds })}
      onReset={() => {
        setFields({});
        onQuery({});
      }}
    />
  );
}
