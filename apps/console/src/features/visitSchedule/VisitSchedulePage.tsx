import { useMemo, useState } from 'react';
import { Button, Checkbox, DatePicker, Message, Modal, Radio, Select } from '@arco-design/web-react';
import { IconCalendarClock, IconLeft, IconPlus, IconRight } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chinaDay, CustomerKind, Permission, TOAST_DURATION_MS, VisitEndpoints, type Visit } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { visitKeys, visitQueries } from '../../api/visits.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { useCan } from '../../session/useCan.ts';
import { movedBody, VisitDialog } from '../../widgets/visitDialog/index.ts';
import { VisitCalendar } from './VisitCalendar.tsx';
import { gridRange, monthGrid, visitsByDay, weekGrid, weekStart } from './visitCalendar.ts';
import './visitSchedule.css';

const NODES = [CustomerKind.organisation, CustomerKind.group, CustomerKind.store] as const;

/**
 * 服务安排: the month's (or a week's) visits on a calendar, for some technicians or stores; staff plan one on a
 * day (+), open one to edit, give it to another or cancel it, drag a planned one to another day,
 * and plan the whole month from the service plans. A customer's manager sees their stores' visits.
 */
export function VisitSchedulePage() {
  const { t } = useTranslation(['visits', 'route']);
  const canManage = useCan()(Permission.scheduleManage);
  const today = chinaDay(new Date());
  const [view, setView] = useState<'month' | 'week'>('month');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [monday, setMonday] = useState(weekStart(today));
  const [technicianIds, setTechnicianIds] = useState<number[]>([]);
  const [node, setNode] = useState<{ id: number; label: string } | null>(null);
  const [withCancelled, setWithCancelled] = useState(false);
  // A visit to edit, or the day of a new one; null: the dialog is shut.
  const [open, setOpen] = useState<{ visit?: Visit; day: string } | null>(null);

  const weeks = useMemo(() => (view === 'month' ? monthGrid(month) : weekGrid(monday)), [view, month, monday]);
  const shownWeek = gridRange(weekGrid(monday));
  const body = { ...gridRange(weeks), withCancelled, ...(technicianIds.length ? { technicianIds } : {}), ...(node ? { customerIds: [node.id] } : {}) };
  const list = useQuery(visitQueries.list(body));
  const technicians = useQuery(visitQueries.technicians());
  const invalidates = () => [visitKeys.all];
  const move = useEndpointMutation(VisitEndpoints.save, { success: (_data, input) => t('visits:moved', { date: input.plannedDate }), invalidates });
  const planning = useEndpointMutation(VisitEndpoints.planMonth, {
    success: (data) => (data.unassigned ? t('visits:planMonthUnassigned', data) : t('visits:planMonthDone', data)),
    invalidates,
  });

  const onMove = (visit: Visit, day: string) => {
    const moved = movedBody(visit, day);
    if (!moved) {
      Message.warning({ content: t('visits:unassignedCannotMove'), duration: TOAST_DURATION_MS });
      return;
    }
    move.mutate(moved);
  };
  const planMonth = () =>
    Modal.confirm({
      title: t('visits:planMonth'),
      content: t('visits:planMonthConfirm'),
      onOk: () => planning.mutateAsync({ month, ...(node ? { customerIds: [node.id] } : {}) }),
    });

  return (
    <ListScreen
      testId="visit-schedule"
      title={t('route:visitSchedule')}
      extra={
        canManage && (
          <div className="visit-schedule-toolbar">
            <Button icon={<IconCalendarClock />} onClick={planMonth} loading={planning.isPending} data-testid="visit-plan-month">
              {t('visits:planMonth')}
            </Button>{' '}
            <Button type="primary" icon={<IconPlus />} onClick={() => setOpen({ day: today >= `${month}-01` ? today : `${month}-01` })} data-testid="visit-add">
              {t('visits:add')}
            </Button>
          </div>
        )
      }
    >
      <div className="visit-schedule-filters">
        <Radio.Group type="button" value={view} onChange={setView} aria-label={t('visits:view')} data-testid="visit-view">
          <Radio value="month">{t('visits:monthView')}</Radio>
          <Radio value="week">{t('visits:weekView')}</Radio>
        </Radio.Group>
        {view === 'month' ? (
          <DatePicker.MonthPicker value={month} allowClear={false} onChange={(value: string) => value && setMonth(value)} aria-label={t('visits:month')} data-testid="visit-month" />
        ) : (
          <div className="visit-week-nav" data-testid="visit-week">
            <Button icon={<IconLeft />} aria-label={t('visits:previousWeek')} onClick={() => setMonday(weekGrid(monday, -1)[0]![0]!.date)} data-testid="visit-week-previous" />
            <span className="visit-week-range">{t('visits:weekRange', { start: shownWeek.startDate, end: shownWeek.endDate })}</span>
            <Button icon={<IconRight />} aria-label={t('visits:nextWeek')} onClick={() => setMonday(weekGrid(monday, 1)[0]![0]!.date)} data-testid="visit-week-next" />
            <Button onClick={() => setMonday(weekStart(today))}>{t('visits:thisWeek')}</Button>
          </div>
        )}
        <Select
          mode="multiple"
          allowClear
          placeholder={t('visits:allTechnicians')}
          value={technicianIds}
          onChange={setTechnicianIds}
          options={(technicians.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          aria-label={t('visits:technicians')}
          data-testid="visit-technician-filter"
        />
        <CustomerSelect
          kinds={NODES}
          value={node?.id ?? null}
          label={node?.label ?? ''}
          onChange={(id, label) => setNode({ id, label })}
          onClear={() => setNode(null)}
          placeholder={t('visits:allStores')}
          testId="visit-store-filter"
        />
        <Checkbox checked={withCancelled} onChange={setWithCancelled} data-testid="visit-with-cancelled">
          {t('visits:withCancelled')}
        </Checkbox>
      </div>
      <VisitCalendar
        weeks={weeks}
        tall={view === 'week'}
        visits={visitsByDay(list.data ?? [])}
        today={today}
        canManage={canManage}
        onOpen={(visit) => setOpen({ visit, day: visit.plannedDate })}
        onAdd={(day) => setOpen({ day })}
        onMove={onMove}
      />
      {open && <VisitDialog editing={open.visit} day={open.day} today={today} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
