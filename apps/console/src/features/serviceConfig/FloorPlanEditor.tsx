import { useRef, useState, type PointerEvent } from 'react';
import { Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServiceConfigEndpoints, type PointDetail } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { ImageUpload } from '../../components/ImageUpload/index.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { droppedAt } from './serviceConfigForms.ts';

const POINT_RADIUS = 9;

interface Dragging {
  pointId: number;
  x: number;
  y: number;
}

/**
 * The plan's floor plan with its points, each dragged to where it is in the store and saved where
 * it is let go (with the version it was loaded at). The image is the plan's own: drawn from its
 * regions until one is uploaded.
 */
export function FloorPlanEditor({ planId }: { planId: number }) {
  const { t } = useTranslation(['serviceConfig']);
  const floorPlan = useQuery(serviceConfigQueries.floorPlan(planId));
  const points = useQuery(serviceConfigQueries.points(planId));
  const svgRef = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  // Where points were let go, shown there until the list answers with them.
  const [dropped, setDropped] = useState<Record<number, { x: number; y: number }>>({});
  const saving = useEndpointMutation(ServiceConfigEndpoints.pointSave, { invalidates: () => [serviceConfigKeys.points(planId)] });
  // The plan's version moves with its image; the device pages draw the same floor plan.
  const imaging = useEndpointMutation(ServiceConfigEndpoints.floorPlanImage, {
    success: () => t('serviceConfig:saved'),
    invalidates: () => [serviceConfigKeys.plan(planId), serviceConfigKeys.all, deviceKeys.all],
  });

  if (!floorPlan.data) return <Spin className="service-config-floor-plan" loading />;
  const { url, width, height, uploaded } = floorPlan.data;

  const canvasPoint = (event: PointerEvent) => {
    const box = svgRef.current!.getBoundingClientRect();
    return droppedAt(((event.clientX - box.left) * width) / box.width, ((event.clientY - box.top) * height) / box.height);
  };
  const letGo = (point: PointDetail, event: PointerEvent) => {
    if (!dragging) return;
    const at = canvasPoint(event);
    setDragging(null);
    if (at.x === point.x && at.y === point.y) return;
    setDropped((shown) => ({ ...shown, [point.id]: at }));
    const { id, version, regionId, deviceTypeId, code } = point;
    saving.mutate(
      { id, version, planId, regionId, deviceTypeId, code, ...at },
      // Refused (someone moved it first): back to where the list says it is.
      { onSettled: () => setDropped(({ [point.id]: _gone, ...rest }) => rest) },
    );
  };

  return (
    <div className="service-config-floor-plan" data-testid="floor-plan-editor">
      <div className="service-config-floor-plan-image">
        <span>{uploaded ? t('serviceConfig:imageUploaded') : t('serviceConfig:imageDrawn')}</span>
        <ImageUpload value={uploaded ? url : null} onChange={(imageUrl) => imaging.mutate({ planId, imageUrl })} testId="floor-plan-image" />
      </div>
      <p className="service-config-hint">{t('serviceConfig:dragHint')}</p>
      <svg ref={svgRef} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('serviceConfig:floorPlan')} data-testid="floor-plan-canvas">
        <image href={url} width={width} height={height} />
        {(points.data ?? []).map((point) => {
          const at = dragging?.pointId === point.id ? dragging : (dropped[point.id] ?? point);
          return (
            <g
              key={point.id}
              className="service-config-point"
              transform={`translate(${at.x} ${at.y})`}
              data-testid="floor-plan-point"
              data-code={point.code}
              data-x={at.x}
              data-y={at.y}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                setDragging({ pointId: point.id, x: point.x, y: point.y });
              }}
              onPointerMove={(event) => dragging?.pointId === point.id && setDragging({ pointId: point.id, ...canvasPoint(event) })}
              onPointerUp={(event) => letGo(point, event)}
            >
              <title>{`${point.code} ${point.regionName}`}</title>
              <circle r={POINT_RADIUS} />
              <text y={-POINT_RADIUS - 4}>{point.code}</text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
