import type { Resources } from '../zh/index.ts';

const route: Resources['route'] = {
  login: 'Iniciar sesión',
  notFound: 'Página no encontrada',
  noPermission: 'Sin permiso',
  serviceRecord: 'Informes de servicio',
  pointCheck: 'Revisión de puntos',
  dashboard: 'Panel de plagas',
  dataSheet: 'Informes de datos',
  equipmentPositive: 'Resumen de positivos por dispositivo',
  insectPestSummary: 'Resumen de plagas',
  riskSummary: 'Resumen de riesgos',
  statisticalChart: 'Estadísticas',
  trendChart1: 'Tendencia de plagas',
  riskTrend: 'Tendencia de riesgos',
  trendChart2: 'Comparación por tienda',
  singleTrend: 'Tendencia por punto',
  combineTrend: 'Tendencia combinada',
  equipment: 'Dispositivos',
  mouseBox: 'Dispositivos inteligentes',
  equipmentDetail: 'Detalle del dispositivo',
  filterPreview: 'Vista previa del filtro',
  bindInfo: 'Información de vinculación',
  alarmCenter: 'Centro de alarmas',
  notify: 'Notificaciones',
  notifySettings: 'Ajustes de notificación',
  notifyLog: 'Registro de notificaciones',
  providerSettings: 'Proveedor',
  providerDocuments: 'Licencias',
};

export default route;
