import { FilterMessages } from '../rules/filterForm/messages.ts';
import { PERMISSION_LABELS, type Permission } from './permissions.ts';

/** Envelope messages the server sends; the console shows them as they are. */
export const ApiMessages = {
  ok: '操作成功',
  loginOk: '登录成功',
  logoutOk: '退出成功',
  badCredentials: '账号或密码错误',
  sessionExpired: '登录状态已过期，请重新登录',
  /** An edit of a record someone else saved since the editor loaded it. */
  editConflict: '数据已被他人修改，请刷新后重试',
  /** An account signed in with a password it was given, asking for anything but changing it. */
  mustChangePassword: '请先修改初始密码，再使用其他功能',
  passwordChanged: '密码已修改',
  oldPasswordWrong: '原密码（oldPassword）不正确',
  newPasswordSameAsOld: '新密码（newPassword）不能与原密码相同',
  /** Wrong passwords for this account from this address: refused for a while that grows with each one. */
  tooManyLoginFailures: '登录失败次数过多，请稍后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  /** A display link's token on a route that is not one of the wallboard's reads. */
  displayOnlyReadsTheBoard: '大屏链接只能读取大屏展示的数据',
  /** The endpoint needs a permission the caller's roles do not grant. */
  permissionDenied: (permission: Permission) => `没有「${PERMISSION_LABELS[permission].zh}」权限，请联系管理员`,
  /** One user already has as many statistics, reports and exports running as they may. */
  tooManyHeavyRequests: '您同时进行的统计或导出过多，请等当前查询完成后再试',
  /** The gateway sheds load while its event loop lags. */
  serverBusy: '服务器繁忙，请稍后再试',
  /** A request's database work ran past QUERY_TIMEOUT_MS. */
  queryTimeout: '查询耗时过长，已停止，请缩小查询范围后重试',
  badRequest: '参数错误',
  invalidJson: '请求体不是合法的 JSON',
  payloadTooLarge: '请求体过大',
  requestTimeout: '请求超时，请重试',
  unsupportedMediaType: '不支持的请求格式',
  notFound: '接口不存在',
  internalError: '服务器内部错误，请稍后再试',
  upstreamUnavailable: '上游服务不可用',
  upstreamTimeout: '上游服务响应超时',
  sheetNotFound: '点检表不存在',
  reportNotFound: '该工单暂无服务报告',
  reportLinkInvalid: '报告链接无效或已过期，请刷新列表后重试',
  /** A query without an organisation or store (console-spec section 5, the filter form's rule). */
  organisationRequired: FilterMessages.organisationRequired,
  riskPhotoNotFound: '照片不存在',
  /** A photo, floor plan or picture link past its expiry, altered, or for a viewer who may no longer see it. */
  imageLinkInvalid: '图片链接无效或已过期，请刷新页面后重试',
} as const;
