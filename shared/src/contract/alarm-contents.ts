import { Type, type Static } from '@sinclair/typebox';
import type { TextLanguage } from '../texts/languages.ts';

/**
 * What an alarm or device event says, stored as a key and its parameters (issue #35) and written
 * out in the reader's language: the server renders `content` in the request's language, the
 * console in its own (live pushes carry the key, not a sentence). Names people typed (a gateway's
 * name) are parameters and stay as typed. `text` holds a sentence from before keys existed that
 * matched none of them, shown as it was stored.
 */
export const ALARM_CONTENT_KEYS = [
  'offline',
  'online',
  'trigger',
  'capture',
  'maintain',
  'maintainReason',
  'lowBattery',
  'highTemperature',
  'gatewayOffline',
  'gatewayOfflineWithBoxes',
  'linkedOffline',
  'fault',
  'text',
] as const;
export type AlarmContentKey = (typeof ALARM_CONTENT_KEYS)[number];

/** Why a box called for maintenance (key maintainReason, parameter reason). */
export const MAINTENANCE_REASONS = ['baitWorn', 'lidOpen', 'boxMoved', 'sensorBlocked', 'deviceFault'] as const;
export type MaintenanceReason = (typeof MAINTENANCE_REASONS)[number];

/** What is wrong with a device in fault (key fault, parameter cause). */
export const FAULT_CAUSES = ['sensor', 'radio', 'waterIngress', 'casing'] as const;
export type FaultCause = (typeof FAULT_CAUSES)[number];

export const AlarmContentParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type AlarmContentParams = Static<typeof AlarmContentParams>;

export interface AlarmContent {
  key: AlarmContentKey;
  params?: AlarmContentParams;
}

interface ContentTexts {
  /** Templates: {name} is replaced by the parameter (celsius with one decimal; reason and cause by their words). */
  templates: Record<AlarmContentKey, string>;
  reasons: Record<MaintenanceReason, string>;
  causes: Record<FaultCause, string>;
}

export const ALARM_CONTENT_TEXTS: Record<TextLanguage, ContentTexts> = {
  zh: {
    templates: {
      offline: '设备离线',
      online: '设备上线',
      trigger: '触发捕鼠',
      capture: '捕获老鼠',
      maintain: '需要维护',
      maintainReason: '需要维护：{reason}',
      lowBattery: '电量低于{percent}%',
      highTemperature: '温度过高：{celsius}℃',
      gatewayOffline: '网关离线',
      gatewayOfflineWithBoxes: '网关离线，{boxes} 台设备随之失联',
      linkedOffline: '随网关离线：{gateway}',
      fault: '设备故障：{cause}',
      text: '{text}',
    },
    reasons: { baitWorn: '诱饵需更换', lidOpen: '盒盖未盖好', boxMoved: '鼠盒被移位', sensorBlocked: '感应器被遮挡', deviceFault: '设备故障' },
    causes: { sensor: '感应器失灵', radio: '通信模块故障', waterIngress: '电池仓进水', casing: '外壳损坏' },
  },
  en: {
    templates: {
      offline: 'Device offline',
      online: 'Device back online',
      trigger: 'Trap triggered',
      capture: 'Rodent caught',
      maintain: 'Needs maintenance',
      maintainReason: 'Needs maintenance: {reason}',
      lowBattery: 'Battery below {percent}%',
      highTemperature: 'Temperature too high: {celsius}℃',
      gatewayOffline: 'Gateway offline',
      gatewayOfflineWithBoxes: 'Gateway offline, {boxes} devices lost with it',
      linkedOffline: 'Offline with gateway: {gateway}',
      fault: 'Device fault: {cause}',
      text: '{text}',
    },
    reasons: { baitWorn: 'bait needs replacing', lidOpen: 'lid not closed', boxMoved: 'box moved', sensorBlocked: 'sensor blocked', deviceFault: 'device fault' },
    causes: { sensor: 'sensor failure', radio: 'radio module failure', waterIngress: 'water in the battery compartment', casing: 'casing damaged' },
  },
  es: {
    templates: {
      offline: 'Dispositivo sin conexión',
      online: 'Dispositivo de nuevo en línea',
      trigger: 'Trampa activada',
      capture: 'Roedor capturado',
      maintain: 'Requiere mantenimiento',
      maintainReason: 'Requiere mantenimiento: {reason}',
      lowBattery: 'Batería por debajo del {percent}%',
      highTemperature: 'Temperatura demasiado alta: {celsius}℃',
      gatewayOffline: 'Pasarela sin conexión',
      gatewayOfflineWithBoxes: 'Pasarela sin conexión, {boxes} dispositivos perdidos con ella',
      linkedOffline: 'Sin conexión con la pasarela: {gateway}',
      fault: 'Avería del dispositivo: {cause}',
      text: '{text}',
    },
    reasons: {
      baitWorn: 'hay que cambiar el cebo',
      lidOpen: 'tapa mal cerrada',
      boxMoved: 'caja desplazada',
      sensorBlocked: 'sensor tapado',
      deviceFault: 'avería del dispositivo',
    },
    causes: { sensor: 'fallo del sensor', radio: 'fallo del módulo de radio', waterIngress: 'agua en el compartimento de la batería', casing: 'carcasa dañada' },
  },
  ja: {
    templates: {
      offline: 'デバイスオフライン',
      online: 'デバイスオンライン復帰',
      trigger: '捕獲器作動',
      capture: 'ネズミ捕獲',
      maintain: 'メンテナンスが必要',
      maintainReason: 'メンテナンスが必要：{reason}',
      lowBattery: 'バッテリー残量{percent}%未満',
      highTemperature: '温度が高すぎます：{celsius}℃',
      gatewayOffline: 'ゲートウェイオフライン',
      gatewayOfflineWithBoxes: 'ゲートウェイオフライン、{boxes} 台のデバイスも通信途絶',
      linkedOffline: 'ゲートウェイと共にオフライン：{gateway}',
      fault: 'デバイス故障：{cause}',
      text: '{text}',
    },
    reasons: { baitWorn: '餌の交換が必要', lidOpen: '蓋が閉まっていない', boxMoved: '捕獲器が移動された', sensorBlocked: 'センサーが遮られている', deviceFault: 'デバイス故障' },
    causes: { sensor: 'センサー故障', radio: '通信モジュール故障', waterIngress: 'バッテリー室への浸水', casing: '筐体の破損' },
  },
};

/** The words of a parameter as a template shows it. */
function parameterText(texts: ContentTexts, name: string, value: string | number | undefined): string {
  if (value === undefined) return '';
  if (name === 'reason') return texts.reasons[value as MaintenanceReason] ?? String(value);
  if (name === 'cause') return texts.causes[value as FaultCause] ?? String(value);
  if (name === 'celsius') return Number(value).toFixed(1);
  return String(value);
}

/** An alarm's or event's content in `language`; a key this version does not know shows its parameters' text, if any. */
export function alarmContentText(content: { key: string; params?: AlarmContentParams | null }, language: TextLanguage): string {
  const texts = ALARM_CONTENT_TEXTS[language];
  const template = texts.templates[content.key as AlarmContentKey];
  const params = content.params ?? {};
  if (template === undefined) return String(params.text ?? '');
  return template.replace(/\{(\w+)\}/g, (_, name: string) => parameterText(texts, name, params[name]));
}
