import type { AlarmRecord } from '@pest/shared';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';

/** Where an alarm in the bell or a toast leads: its device's detail, which lists its open alarms. */
export const deviceDetailPath = (alarm: AlarmRecord) => pathWithId(routePaths.equipmentDetail, alarm.boxId);
