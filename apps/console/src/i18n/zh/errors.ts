export default {
  notFoundTitle: '网站管理员说您不能进入这个页面...',
  notFoundHint: '请检查您输入的网址是否正确，或点击下方按钮返回首页。',
  noPermissionTitle: '您没有权限访问该页面',
  noPermissionHint: '如需访问，请联系管理员为您开通权限。',
  back: '返回',
  backHome: '返回首页',
  requestTimeout: '请求超时，请稍后重试',
  sessionExpired: '登录状态已失效，请重新登录',
  genericError: 'Error', // console-spec §8: the error toast when the answer carries no message
  verificationFailed: 'Verification failed, please Login again.', // console-spec §8: user info missing
  reLoginTitle: 'Confirm logout', // console-spec §8: envelope status 50008, 50012, 50014
  reLoginBody: 'You have been logged out, you can cancel to stay on this page, or log in again', // console-spec §8
  reLoginOk: 'Re-Login', // console-spec §8
  reLoginCancel: 'Cancel', // console-spec §8
};
