import { Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FloorPlanEditor } from './FloorPlanEditor.tsx';
import { PointTable } from './PointTable.tsx';
import { RegionTree } from './RegionTree.tsx';

/** The chosen plan: its regions, its points, and its floor plan to place them on. */
export function PlanWorkspace({ planId }: { planId: number }) {
  const { t } = useTranslation(['serviceConfig']);
  return (
    <div className="service-config-panel" data-testid="plan-workspace">
      <Tabs defaultActiveTab="regions" destroyOnHide>
        <Tabs.TabPane key="regions" title={<span data-testid="plan-tab-regions">{t('serviceConfig:regions')}</span>}>
          <RegionTree planId={planId} />
        </Tabs.TabPane>
        <Tabs.TabPane key="points" title={<span data-testid="plan-tab-points">{t('serviceConfig:points')}</span>}>
          <PointTable planId={planId} />
        </Tabs.TabPane>
        <Tabs.TabPane key="floorPlan" title={<span data-testid="plan-tab-floor-plan">{t('serviceConfig:floorPlan')}</span>}>
          <FloorPlanEditor planId={planId} />
        </Tabs.TabPane>
      </Tabs>
    </div>
  );
}
