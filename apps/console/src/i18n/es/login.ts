import type { Resources } from '../zh/index.ts';

const login: Resources['login'] = {
  welcome: 'Bienvenido',
  subtitle: 'Inicie sesión con su cuenta y contraseña',
  account: 'Cuenta',
  accountPlaceholder: 'Introduzca su cuenta',
  password: 'Contraseña',
  passwordPlaceholder: 'Introduzca su contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  capsLockOn: 'Bloq Mayús está activado',
  submit: 'Iniciar sesión',
  bannerTitle: 'Control de plagas profesional, guiado por datos',
  bannerSubtitle: 'Informes de servicio, tendencias de plagas y monitorización de dispositivos de todas las tiendas en un solo lugar.',
  featureReports: 'Informes de servicio y revisiones de puntos a mano',
  featureCharts: 'Tendencias de plagas y riesgos en varias dimensiones',
  featureDevices: 'Monitorización y alarmas de cajas inteligentes para roedores',
  accountRequired: 'Introduzca un usuario válido',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  changePasswordTitle: 'Cambie su contraseña inicial',
  changePasswordSubtitle: 'Esta cuenta usa una contraseña asignada: establezca primero la suya',
  oldPassword: 'Contraseña actual',
  oldPasswordRequired: 'Introduzca la contraseña actual',
  newPassword: 'Nueva contraseña',
  newPasswordTooShort: 'La nueva contraseña debe tener al menos {{count}} caracteres',
  confirmPassword: 'Confirme la nueva contraseña',
  passwordsDiffer: 'Las dos contraseñas nuevas no coinciden',
  changePasswordSubmit: 'Cambiar contraseña',
  passwordChanged: 'Contraseña cambiada',
  signOut: 'Cerrar sesión',
};

export default login;
