import type { Resources } from '../zh/index.ts';

const summary: Resources['summary'] = {
  notQueried: 'Elija una organización/tienda y otros filtros y pulse Buscar',
  status: 'Estado',
  riskStatus: {
    1: 'El riesgo persiste',
    2: 'No se puede atender por ahora',
    8: 'Corregido',
  },
  customerCode: 'Código de tienda',
  customerName: 'Tienda',
  customerAddress: 'Dirección de la tienda',
  serviceStaff: 'Técnico',
  realityStartTime: 'Inicio del servicio',
  realityEndTime: 'Fin del servicio',
  regionName: 'Zona',
  pointName: 'Punto',
  riskType: 'Tipo de riesgo',
  issueDesc: 'Problema',
  pestName: 'Plaga objetivo',
  advice: 'Recomendación',
  followUpMeasure: 'Medida de seguimiento',
  location: 'Ubicación',
  followUpType: 'Responsable del seguimiento',
  grade: 'Nivel de riesgo',
  ageDays: 'Antigüedad',
  ageingOpen: 'Abierto {{days}} d',
  ageingRectified: 'Corregido en {{days}} d',
  overdue: 'Vencido',
  notOverdue: 'No vencido',
  picturesList: 'Antes de corregir',
  rectifyPicturesList: 'Después de corregir',
};

export default summary;
