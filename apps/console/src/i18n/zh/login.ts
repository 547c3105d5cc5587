export default {
  welcome: '欢迎登录',
  subtitle: '请使用您的账号和密码登录',
  account: '账号',
  accountPlaceholder: '请输入账号',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  capsLockOn: '大写锁定已打开',
  submit: '登录',
  bannerTitle: '专业虫害防治，数据驱动服务',
  bannerSubtitle: '服务报告、虫害趋势与智能设备监测，一站掌握门店虫害态势。',
  featureReports: '服务报告与点检数据随时查阅',
  featureCharts: '虫害与风险趋势多维统计',
  featureDevices: '智能鼠盒在线监测与告警',
  accountRequired: '请输入正确的用户名', // console-spec §5
  passwordTooShort: '密码不能少于6位', // console-spec §5
};
