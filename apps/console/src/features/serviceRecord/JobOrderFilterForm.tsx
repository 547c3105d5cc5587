import { Button, DatePicker, Form, Grid, Input } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@pest/shared';
import { useDateShortcuts } from '../../components/DateShortcuts/useDateShortcuts.ts';
import type { JobOrderFilters } from './jobOrderQuery.ts';

interface JobOrderFilterFormProps {
  /** Query with the fields as they are; Reset queries with none. */
  onQuery(filters: JobOrderFilters): void;
}

/** A range picked by day defaults to the whole of both days. */
const RANGE_DEFAULT_TIMES = { defaultValue: ['00:00:00', '23:59:59'] };

/** Two fields a row at most: a range needs the room for two date-times. */
const FIELD_COL = { xs: 24, md: 12 } as const;

/** The service report list's filters (console-spec screen 10): staff, job order name and two time ranges. */
export function JobOrderFilterForm({ onQuery }: JobOrderFilterFormProps) {
  const { t } = useTranslation(['filter', 'serviceRecord']);
  const [form] = Form.useForm<JobOrderFilters>();
  const rangePlaceholder = [t('serviceRecord:rangeStart'), t('serviceRecord:rangeEnd')];
  const shortcuts = useDateShortcuts({ withTime: true });

  const reset = () => {
    form.resetFields();
    onQuery({});
  };

  return (
    <div className="job-order-filters" data-testid="job-order-filters">
      <Form<JobOrderFilters>
        form={form}
        className="job-order-filters-fields"
        layout="horizontal"
        labelAlign="right"
        // Arco writes the label column's flex inline, so the per-language width (serviceRecord.css) goes through it.
        labelCol={{ flex: '0 0 var(--job-order-label-width)' }}
        wrapperCol={{ flex: 'auto' }}
        onSubmit={onQuery}
      >
        <Grid.Row gutter={24}>
          <Grid.Col {...FIELD_COL}>
            <Form.Item field="advocateStaffName" label={t('serviceRecord:staffName')}>
              <Input
                allowClear
                placeholder={t('serviceRecord:staffNamePlaceholder')}
                onPressEnter={() => form.submit()}
                data-testid="filter-staff-name"
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col {...FIELD_COL}>
            <Form.Item field="jobOrderName" label={t('serviceRecord:jobOrderName')}>
              <Input
                allowClear
                placeholder={t('serviceRecord:jobOrderNamePlaceholder')}
                onPressEnter={() => form.submit()}
                data-testid="filter-job-order-name"
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col {...FIELD_COL}>
            <Form.Item field="serviceStart" label={t('serviceRecord:serviceStart')}>
              <DatePicker.RangePicker
                showTime={RANGE_DEFAULT_TIMES}
                shortcuts={shortcuts}
                shortcutsPlacementLeft
                format={DATE_TIME_FORMAT}
                placeholder={rangePlaceholder}
                style={{ width: '100%' }}
                data-testid="filter-service-start"
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col {...FIELD_COL}>
            <Form.Item field="serviceEnd" label={t('serviceRecord:serviceEnd')}>
              <DatePicker.RangePicker
                showTime={RANGE_DEFAULT_TIMES}
                shortcuts={shortcuts}
                shortcutsPlacementLeft
                format={DATE_TIME_FORMAT}
                placeholder={rangePlaceholder}
                style={{ width: '100%' }}
                data-testid="filter-service-end"
              />
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
      </Form>
      <div className="job-order-filters-actions">
        <Button type="primary" icon={<IconSearch />} onClick={() => form.submit()} data-testid="filter-query">
          {t('filter:query')}
        </Button>
        <Button icon={<IconRefresh />} onClick={reset} data-testid="filter-reset">
          {t('filter:reset')}
        </Button>
      </div>
    </div>
  );
}
