import { Form, Input, type FormItemProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { OrganisationTreeSelect } from '../../components/FilterForm/organisation/OrganisationTreeSelect.tsx';
import { StoreSelect } from '../../components/FilterForm/organisation/StoreSelect.tsx';
import type { CustomerListRequest } from '../../components/FilterForm/useFilterOptions.ts';
import type { RuleField } from './ruleForm.ts';
import { useRuleScopeKind } from './useRuleScopeKind.ts';

interface ScopeFieldProps {
  customerIds: number[];
  storeIds: number[];
  onChange(patch: { customerIds?: number[]; storeIds?: number[] }): void;
  /** Why the form or the server refused one of these fields, for its form item. */
  refusalOf(...fields: RuleField[]): Pick<FormItemProps, 'validateStatus' | 'help'>;
}

/** Every store the user sees, unfiltered: a rule is not narrowed by the filter form's regions. */
const ALL_STORES: CustomerListRequest = { query: {}, generation: 0 };

/**
 * Whose alarms a rule covers, within the user's own scope. Admins choose any nodes of the
 * organisation tree (an organisation, a group, a store); a customer's manager covers his own
 * organisation, narrowed to some of its stores if he likes; other staff choose stores.
 */
export function ScopeField({ customerIds, storeIds, onChange, refusalOf }: ScopeFieldProps) {
  const { t } = useTranslation(['notify']);
  const scope = useRuleScopeKind();

  if (scope.kind === 'organisation') {
    return (
      <>
        <Form.Item label={t('notify:organisation')} required {...refusalOf('customerIds')}>
          <Input value={scope.organisationName} disabled data-testid="rule-organisation" />
        </Form.Item>
        <Form.Item label={t('notify:stores')} extra={t('notify:storesHint')} {...refusalOf('storeIds')}>
          <StoreSelect multiple value={storeIds} onChange={(ids) => onChange({ storeIds: ids })} listRequest={ALL_STORES} />
        </Form.Item>
      </>
    );
  }
  return (
    // Provider staff choose organisations, groups and stores in one field: a refusal of either is under it.
    <Form.Item label={t('notify:scope')} required {...refusalOf('customerIds', 'storeIds')}>
      {scope.kind === 'tree' ? (
        <OrganisationTreeSelect multiple value={customerIds} onChange={(ids) => onChange({ customerIds: ids })} listRequest={ALL_STORES} />
      ) : (
        <StoreSelect multiple value={customerIds} onChange={(ids) => onChange({ customerIds: ids })} listRequest={ALL_STORES} />
      )}
    </Form.Item>
  );
}
