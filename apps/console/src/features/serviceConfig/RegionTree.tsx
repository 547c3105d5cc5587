import { useState } from 'react';
import { Button, Empty, Popconfirm, Tree } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../session/useCan.ts';
import { Permission, SERVICE_REGION_MAX_LEVEL, ServiceConfigEndpoints, type ServiceRegionNode } from '@pest/shared';
import { filterKeys } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { RegionDialog } from './RegionDialog.tsx';
import type { RegionTarget } from './serviceConfigForms.ts';

interface TreeNode {
  key: string;
  title: string;
  region: ServiceRegionNode;
  parentId: number | null;
  children?: TreeNode[];
}

const treeData = (regions: readonly ServiceRegionNode[], parentId: number | null = null): TreeNode[] =>
  regions.map((region) => ({ key: String(region.id), title: region.name, region, parentId, ...(region.subList?.length ? { children: treeData(region.subList, region.id) } : {}) }));

const allKeys = (nodes: readonly TreeNode[]): string[] => nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);

/** A plan's regions as a tree, each with 新增子区域 (up to three levels), 编辑 and 删除. */
export function RegionTree({ planId }: { planId: number }) {
  const { t } = useTranslation(['serviceConfig']);
  const regions = useQuery(serviceConfigQueries.regions(planId));
  const [dialog, setDialog] = useState<RegionTarget | null>(null);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const removal = useEndpointMutation(ServiceConfigEndpoints.regionDelete, { success: () => t('serviceConfig:deleted'), invalidates: () => [serviceConfigKeys.plan(planId), filterKeys.all] });
  const data = treeData(regions.data ?? []);
  const manages = useCan()(Permission.serviceConfigManage);
  return (
    <div data-testid="region-tree">
      {manages && (
        <Button type="primary" size="small" icon={<IconPlus />} onClick={() => setDialog({ parentId: null })} data-testid="region-add-top">
          {t('serviceConfig:addTopRegion')}
        </Button>
      )}
      {data.length === 0 && !regions.isFetching ? (
        <Empty description={t('serviceConfig:noRegions')} />
      ) : (
        <Tree
          className="service-config-tree"
          blockNode
          // Open unless the user closed it: a new sub-region shows where it went.
          expandedKeys={allKeys(data).filter((key) => !collapsed.includes(key))}
          onExpand={(keys) => setCollapsed(allKeys(data).filter((key) => !keys.includes(key)))}
          treeData={data}
          renderExtra={(node) => {
            if (!manages) return null;
            const { region, parentId } = node.dataRef as TreeNode;
            return (
              <span className="service-config-tree-actions" data-testid={`region-actions-${region.name}`}>
                {region.level < SERVICE_REGION_MAX_LEVEL && (
                  <Button type="text" size="mini" onClick={() => setDialog({ parentId: region.id })} data-testid="region-add-child">
                    {t('serviceConfig:addSubRegion')}
                  </Button>
                )}
                <Button type="text" size="mini" onClick={() => setDialog({ region, parentId })} data-testid="region-edit">
                  {t('serviceConfig:edit')}
                </Button>
                <Popconfirm title={t('serviceConfig:deleteConfirm', { name: region.name })} onOk={() => removal.mutate({ id: region.id })}>
                  <Button type="text" size="mini" status="danger" data-testid="region-delete">
                    {t('serviceConfig:delete')}
                  </Button>
                </Popconfirm>
              </span>
            );
          }}
        />
      )}
      {dialog && <RegionDialog planId={planId} target={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
