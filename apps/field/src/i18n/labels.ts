import { useTranslation } from 'react-i18next';
import {
  FOLLOW_UP_TYPE_LABELS,
  FOLLOW_UP_TYPE_TEXTS,
  JOB_ORDER_STATE_LABELS,
  POINT_STATUS_LABELS,
  RISK_GRADE_LABELS,
  RISK_GRADE_TEXTS,
  SERVICE_TYPE_LABELS,
  TABLE_TEXTS,
  type FollowUpType,
  type JobOrderState,
  type PointStatus,
  type RiskGrade,
  type ServiceType,
} from '@pest/shared';

/** The words for the contract's codes; keyed by code, which i18next's typed keys cannot be by number. */
export interface Labels {
  pointStatus: Record<PointStatus, string>;
  serviceType: Record<ServiceType, string>;
  state: Record<JobOrderState, string>;
  grade: Record<RiskGrade, string>;
  followUp: Record<FollowUpType, string>;
}

const english = <K extends number>(texts: Record<K, keyof typeof TABLE_TEXTS>) =>
  Object.fromEntries(Object.entries(texts).map(([code, id]) => [code, TABLE_TEXTS[id as keyof typeof TABLE_TEXTS].en])) as Record<K, string>;

// Chinese as the console and the reports say them, from the contract.
const LABELS: Record<'zh' | 'en', Labels> = {
  zh: { pointStatus: POINT_STATUS_LABELS, serviceType: SERVICE_TYPE_LABELS, state: JOB_ORDER_STATE_LABELS, grade: RISK_GRADE_LABELS, followUp: FOLLOW_UP_TYPE_LABELS },
  en: {
    pointStatus: { normal: 'Normal', missing: 'Missing', damaged: 'Damaged', unchecked: 'Not checked' },
    serviceType: { 0: 'Routine', 1: 'Emergency', 2: 'Effective follow-up', 3: 'Follow-up', 4: 'Free' },
    state: { planned: 'Planned', inProgress: 'In progress', done: 'Done', overdue: 'Overdue', cancelled: 'Cancelled' },
    grade: english(RISK_GRADE_TEXTS),
    followUp: english(FOLLOW_UP_TYPE_TEXTS),
  },
};

export function useLabels(): Labels {
  const { i18n } = useTranslation();
  return LABELS[i18n.language === 'en' ? 'en' : 'zh'];
}
