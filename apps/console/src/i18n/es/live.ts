import type { Resources } from '../zh/index.ts';

const live: Resources['live'] = {
  alarms: 'Alarmas',
  alarmKind: {
    1: 'Dispositivo desconectado',
    2: 'Temperatura demasiado alta',
    3: 'Batería baja',
    4: 'Requiere mantenimiento',
    5: 'Trampa activada',
    6: 'Dispositivo conectado',
  },
  alarmSeverity: { critical: 'Crítica', major: 'Importante', minor: 'Menor' },
  alarmState: { open: 'Sin confirmar', acknowledged: 'Confirmada', handled: 'Atendida' },
  alarmText: '{{device}}: {{content}}',
  alarmStoreText: '{{store}} · {{device}}: {{content}}',
  unhandledAlarms: 'Alarmas sin atender ({{count}})',
  noUnhandledAlarms: 'No hay alarmas sin atender',
  newAlarms: '{{count}} alarmas nuevas',
  unacknowledgedAlarms: '{{count}} sin confirmar',
  bellTitle: 'Alarmas: {{unacknowledged}} sin confirmar, {{unhandled}} sin atender',
  acknowledge: 'Confirmar',
  viewAll: 'Ver todas',
  toastSeverities: 'Avisos emergentes',
  muteToasts: 'Silenciar avisos',
  closeToast: 'Cerrar',
  live: 'En vivo',
  liveHint: 'El estado de los dispositivos y las alarmas llegan en vivo',
  connecting: 'Conectando',
  connectingHint: 'Conectando con el servicio en vivo',
  reconnecting: 'Reconectando…',
  reconnectingHint: 'Se perdió la conexión con el servidor; reconectando automáticamente',
  stale: 'En pausa desde {{time}}',
  staleHint: 'No se puede acceder al servicio; se muestran los últimos datos recibidos y se actualizará solo',
  unauthorized: 'Actualizaciones en vivo detenidas',
  unauthorizedHint: 'La sesión ha caducado; inicie sesión de nuevo',
};

export default live;
