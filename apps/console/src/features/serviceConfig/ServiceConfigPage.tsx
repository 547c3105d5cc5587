import { useState } from 'react';
import { Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CustomerKind } from '@pest/shared';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { PlanTable } from './PlanTable.tsx';
import { PlanWorkspace } from './PlanWorkspace.tsx';
import './serviceConfig.css';

const STORES = [CustomerKind.store] as const;

/**
 * 服务配置: a store chosen, its service plans; a plan chosen, its regions, its points and its floor
 * plan, where points are dragged to their place. A customer's manager configures the stores below
 * their organisation, as the server allows.
 */
export function ServiceConfigPage() {
  const { t } = useTranslation(['serviceConfig']);
  const [store, setStore] = useState<{ id: number; label: string } | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  return (
    <section className="service-config" data-testid="service-config">
      <div className="service-config-panel service-config-store">
        <CustomerSelect
          kinds={STORES}
          value={store?.id ?? null}
          label={store?.label ?? ''}
          onChange={(id, label) => {
            setStore({ id, label });
            setPlanId(null);
          }}
          placeholder={t('serviceConfig:chooseStore')}
          testId="service-config-store"
        />
      </div>
      {store ? (
        <>
          <PlanTable customerId={store.id} selected={planId} onSelect={setPlanId} />
          {planId !== null && <PlanWorkspace key={planId} planId={planId} />}
        </>
      ) : (
        <Empty className="service-config-panel" description={t('serviceConfig:noStore')} />
      )}
    </section>
  );
}
