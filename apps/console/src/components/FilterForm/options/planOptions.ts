import i18n from 'i18next';
import type { ServicePlan } from '@pest/shared';

/**
 * The plan select's options. An organisation's plans span its stores, whose plans share names
 * (2026年度虫害防治服务方案), so then each plan names its store too.
 */
export function planOptions(plans: readonly ServicePlan[]): { value: number; label: string }[] {
  const severalStores = new Set(plans.map((plan) => plan.customerId)).size > 1;
  return plans.map((plan) => ({
    value: plan.id,
    label: severalStores ? i18n.t('filter:planOfStore', { plan: plan.name, store: plan.customerName }) : plan.name,
  }));
}
