import type { Resources } from '../zh/index.ts';

const login: Resources['login'] = {
  welcome: 'Welcome back',
  subtitle: 'Sign in with your account and password',
  account: 'Account',
  accountPlaceholder: 'Enter your account',
  password: 'Password',
  passwordPlaceholder: 'Enter your password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  capsLockOn: 'Caps Lock is on',
  submit: 'Log in',
  bannerTitle: 'Professional pest control, driven by data',
  bannerSubtitle: 'Service reports, pest trends and smart device monitoring for every store in one place.',
  featureReports: 'Service reports and point checks at hand',
  featureCharts: 'Pest and risk trends across many dimensions',
  featureDevices: 'Live monitoring and alarms of smart rodent boxes',
  accountRequired: 'Enter a valid account',
  passwordTooShort: 'The password must be at least 6 characters',
  changePasswordTitle: 'Change your initial password',
  changePasswordSubtitle: 'This account signs in with a password it was given: set your own first',
  oldPassword: 'Current password',
  oldPasswordRequired: 'Enter the current password',
  newPassword: 'New password',
  newPasswordTooShort: 'The new password must have at least {{count}} characters',
  confirmPassword: 'Confirm the new password',
  passwordsDiffer: 'The two new passwords differ',
  changePasswordSubmit: 'Change password',
  passwordChanged: 'Password changed',
  signOut: 'Sign out',
};

export default login;
