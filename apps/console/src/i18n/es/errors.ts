import type { Resources } from '../zh/index.ts';

const errors: Resources['errors'] = {
  notFoundTitle: 'El webmaster dijo que no puede entrar en esta página...',
  notFoundHint: 'Compruebe que la dirección es correcta o pulse el botón de abajo para volver al inicio.',
  noPermissionTitle: 'No tiene permiso para acceder a esta página',
  noPermissionHint: 'Pida a un administrador que le conceda acceso.',
  back: 'Volver',
  backHome: 'Volver al inicio',
  requestTimeout: 'La solicitud ha tardado demasiado, inténtelo más tarde',
  sessionExpired: 'Su sesión ha caducado, inicie sesión de nuevo',
  genericError: 'Error',
  verificationFailed: 'La verificación ha fallado, inicie sesión de nuevo.',
  reLoginTitle: 'Confirmar cierre de sesión',
  reLoginBody: 'Se ha cerrado su sesión: puede cancelar para quedarse en esta página o volver a iniciar sesión',
  reLoginOk: 'Volver a iniciar sesión',
  reLoginCancel: 'Cancelar',
};

export default errors;
