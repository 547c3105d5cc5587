import type { Resources } from '../zh/index.ts';

const layout: Resources['layout'] = {
  bigScreen: 'Pantalla grande',
  logout: 'Cerrar sesión',
  changePassword: 'Cambiar contraseña',
  settings: 'Configuración',
  settingsHint: 'La configuración se guarda en este navegador',
  themeColor: 'Color del tema',
  customColor: 'Color personalizado',
  interface: 'Interfaz',
  tagsView: 'Mostrar pestañas',
  fixedHeader: 'Cabecera fija',
  sidebarLogo: 'Logo en la barra lateral',
  language: 'Idioma',
  resetSettings: 'Restablecer',
  collapseMenu: 'Contraer menú',
  expandMenu: 'Expandir menú',
  openMenu: 'Abrir menú',
  closeTag: 'Cerrar',
  closeOthers: 'Cerrar las demás',
  closeAll: 'Cerrar todas',
  tagActions: 'Acciones de pestañas',
  bigScreenMenu: 'Opciones de la pantalla mural',
  createDisplayLink: 'Crear un enlace de pantalla para un televisor',
  notices: 'Avisos',
  unreadNotices: '{{count}} aviso(s) sin leer',
  demoFilling: {
    intro: 'Los datos de demostración se siguen generando en segundo plano:',
    deviceAlarms: 'se están completando las alarmas de dispositivos atendidas hace más de un mes, así que las estadísticas de alarmas de periodos anteriores estarán completas en breve;',
    visitSheets: 'se están completando las hojas de las visitas de hace más de un mes (revisiones de puntos y materiales), así que los informes antiguos y las tendencias de plagas estarán completos en breve;',
    heartbeatHistory: 'se está completando el historial de latidos de los dispositivos (los últimos 14 días y los recuentos diarios del año), así que las tendencias de los dispositivos y las tasas de conexión estarán completas en breve;',
    rest: 'el resto ya está disponible.',
  },
};

export default layout;
