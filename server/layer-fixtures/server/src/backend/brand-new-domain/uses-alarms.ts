import { severities } from '../alarms/alarm-rules.ts';
import { storeName } from '../common/store-names.ts';

export const described = severities.map(storeName);
