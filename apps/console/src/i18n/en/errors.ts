import type { Resources } from '../zh/index.ts';

const errors: Resources['errors'] = {
  notFoundTitle: 'The webmaster said that you can not enter this page...',
  notFoundHint: 'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
  noPermissionTitle: 'You do not have permission to access this page',
  noPermissionHint: 'Please ask an administrator to grant you access.',
  back: 'Back',
  backHome: 'Back to home',
  requestTimeout: 'The request timed out, please try again later',
  sessionExpired: 'Your session has expired, please log in again',
  genericError: 'Error',
  verificationFailed: 'Verification failed, please Login again.',
  reLoginTitle: 'Confirm logout',
  reLoginBody: 'You have been logged out, you can cancel to stay on this page, or log in again',
  reLoginOk: 'Re-Login',
  reLoginCancel: 'Cancel',
};

export default errors;
