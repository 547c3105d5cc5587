import { useState } from 'react';
import { Button, DatePicker, Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerKind, ServiceType, TOAST_DURATION_MS, VisitEndpoints, type Visit } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigQueries } from '../../api/serviceConfig.ts';
import { visitKeys, visitQueries } from '../../api/visits.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { isMovable, newVisitValues, visitBody, visitValuesOf, type VisitValues } from './visitForm.ts';

const STORES = [CustomerKind.store] as const;

interface VisitDialogProps {
  /** The visit to edit; none for a new one on `day`. */
  editing?: Visit;
  day: string;
  /** A new visit's fields chosen already: 安排上门 from an alarm gives its store, emergency, and the alarm. */
  preset?: Partial<VisitValues>;
  /** Today in Beijing: no visit is planned before it. */
  today: string;
  onClose(): void;
}

/** 安排服务: a store's plan, a technician, a day and a type; an existing visit is moved, given to another or cancelled here. */
export function VisitDialog({ editing, day, preset, today, onClose }: VisitDialogProps) {
  const { t } = useTranslation(['visits']);
  const [values, setValues] = useState<VisitValues>(() => (editing ? visitValuesOf(editing) : { ...newVisitValues(day), ...preset }));
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const set = (patch: Partial<VisitValues>) => setValues((current) => ({ ...current, ...patch }));
  const plans = useQuery({ ...serviceConfigQueries.plans(values.customerId ?? 0), enabled: values.customerId !== null });
  const technicians = useQuery(visitQueries.technicians());
  const invalidates = () => [visitKeys.all];
  const saving = useEndpointMutation(VisitEndpoints.save, { success: () => t('visits:saved'), invalidates });
  const cancel = useEndpointMutation(VisitEndpoints.cancel, { success: () => t('visits:cancelled'), invalidates });
  const movable = !editing || isMovable(editing);

  const save = () => {
    if (!movable) {
      Message.warning({ content: t('visits:notMovable'), duration: TOAST_DURATION_MS });
      return;
    }
    const check = visitBody(values, editing);
    if (!check.ok) {
      Message.error({ content: t(`visits:${check.problem}`), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal title={editing ? t('visits:editTitle') : t('visits:addTitle')} saving={saving.isPending} onCancel={onClose} onSave={save} testId="visit">
      {editing && (
        <p className="visit-dialog-summary" data-testid="visit-summary">
          {t('visits:code')}：{editing.code} · {t('visits:state')}：{t(`visits:states.${editing.state}`)}
          {editing.cancelReason ? ` · ${editing.cancelReason}` : ''}
          {editing.fieldChecks > 0 ? ` · ${t('visits:fieldChecks', { count: editing.fieldChecks })}` : ''}
        </p>
      )}
      <Form.Item label={t('visits:store')} required>
        {editing || preset?.customerId ? (
          <Input value={editing?.customerName ?? values.customerLabel} disabled aria-label={t('visits:store')} />
        ) : (
          <CustomerSelect
            kinds={STORES}
            value={values.customerId}
            label={values.customerLabel}
            onChange={(customerId, customerLabel) => set({ customerId, customerLabel, planId: null })}
            placeholder={t('visits:store')}
            testId="visit-store"
          />
        )}
      </Form.Item>
      <Form.Item label={t('visits:plan')} required>
        <Select
          value={values.planId ?? undefined}
          disabled={!movable || values.customerId === null}
          loading={plans.isFetching}
          onChange={(planId: number) => set({ planId })}
          options={(plans.data ?? []).map((plan) => ({ value: plan.id, label: `${plan.name}（${plan.startDate} ~ ${plan.endDate}）` }))}
          aria-label={t('visits:plan')}
          data-testid="visit-plan"
        />
      </Form.Item>
      <Form.Item label={t('visits:technician')} required extra={technicians.data?.length === 0 ? t('visits:noTechnicians') : undefined}>
        <Select
          value={values.technicianId ?? undefined}
          disabled={!movable}
          loading={technicians.isFetching}
          onChange={(technicianId: number) => set({ technicianId })}
          options={(technicians.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          aria-label={t('visits:technician')}
          data-testid="visit-technician"
        />
      </Form.Item>
      <Form.Item label={t('visits:plannedDate')} required>
        <DatePicker
          value={values.plannedDate || undefined}
          disabled={!movable}
          disabledDate={(date) => date.format('YYYY-MM-DD') < today}
          onChange={(plannedDate: string) => set({ plannedDate: plannedDate ?? '' })}
          style={{ width: '100%' }}
          data-testid="visit-date"
        />
      </Form.Item>
      <Form.Item label={t('visits:serviceType')} required>
        <Select
          value={values.serviceType}
          disabled={!movable}
          onChange={(serviceType: ServiceType) => set({ serviceType })}
          options={Object.values(ServiceType).map((type) => ({ value: type, label: t(`visits:serviceTypes.${type}`) }))}
          aria-label={t('visits:serviceType')}
          data-testid="visit-type"
        />
      </Form.Item>
      {editing && editing.alarmIds.length > 0 && (
        <p>
          {t('visits:alarms')}：{editing.alarmIds.join('、')}
        </p>
      )}
      {editing && movable && (
        <Button status="danger" onClick={() => setCancelling(true)} data-testid="visit-cancel">
          {t('visits:cancelVisit')}
        </Button>
      )}
      {editing && (
        <Modal
          visible={cancelling}
          title={t('visits:cancelVisit')}
          onCancel={() => setCancelling(false)}
          confirmLoading={cancel.isPending}
          onOk={() => {
            if (!reason.trim()) {
              Message.error({ content: t('visits:reasonRequired'), duration: TOAST_DURATION_MS });
              return;
            }
            cancel.mutate({ id: editing.id, version: editing.version, reason: reason.trim() }, { onSuccess: onClose });
          }}
          unmountOnExit
        >
          <Input.TextArea
            value={reason}
            maxLength={200}
            placeholder={t('visits:cancelReasonPlaceholder')}
            aria-label={t('visits:cancelReason')}
            onChange={setReason}
            data-testid="visit-cancel-reason"
          />
        </Modal>
      )}
    </FormModal>
  );
}
