import type { AuditAction, AuditChange, AuditObjectType } from '../contract/audit-log.ts';
import { MASKED_SECRET } from '../contract/audit-log.ts';
import type { TextLanguage } from './languages.ts';

type Texts = Record<TextLanguage, string>;

/**
 * The audit log's words in each language, for the console's 操作日志 and the backend's export alike:
 * its columns, what an object and an action are called, and the fields a change names.
 */
export const AUDIT_TEXTS = {
  columns: {
    time: { zh: '时间', en: 'Time', es: 'Hora', ja: '日時' },
    user: { zh: '操作人', en: 'By', es: 'Usuario', ja: '操作者' },
    address: { zh: '来源地址', en: 'From address', es: 'Dirección de origen', ja: '送信元アドレス' },
    object: { zh: '对象', en: 'Object', es: 'Objeto', ja: '対象' },
    action: { zh: '操作', en: 'Action', es: 'Acción', ja: '操作' },
    changes: { zh: '变更内容', en: 'Changes', es: 'Cambios', ja: '変更内容' },
  },
  sheet: { zh: '操作日志', en: 'Audit log', es: 'Registro de auditoría', ja: '操作ログ' },
  objectTypes: {
    providerDocument: { zh: '资质文件', en: 'Licence', es: 'Licencia', ja: '資格書類' },
    notifyChannel: { zh: '通知渠道', en: 'Notification channel', es: 'Canal de notificación', ja: '通知チャネル' },
    notifyRule: { zh: '通知规则', en: 'Notification rule', es: 'Regla de notificación', ja: '通知ルール' },
    displayLink: { zh: '大屏链接', en: 'Display link', es: 'Enlace de pantalla', ja: '大画面リンク' },
    device: { zh: '设备', en: 'Device', es: 'Dispositivo', ja: 'デバイス' },
    alarm: { zh: '告警', en: 'Alarm', es: 'Alarma', ja: 'アラーム' },
    user: { zh: '账号', en: 'Account', es: 'Cuenta', ja: 'アカウント' },
    customer: { zh: '客户', en: 'Customer', es: 'Cliente', ja: '顧客' },
    servicePlan: { zh: '服务计划', en: 'Service plan', es: 'Plan de servicio', ja: 'サービス計画' },
    serviceRegion: { zh: '服务区域', en: 'Service region', es: 'Zona de servicio', ja: 'サービス区域' },
    point: { zh: '点位', en: 'Point', es: 'Punto', ja: 'ポイント' },
    role: { zh: '角色', en: 'Role', es: 'Rol', ja: 'ロール' },
    deviceModel: { zh: '设备型号', en: 'Device model', es: 'Modelo de dispositivo', ja: 'デバイス機種' },
    integration: { zh: '设备接入', en: 'Integration', es: 'Integración', ja: '接続連携' },
    visit: { zh: '上门服务', en: 'Visit', es: 'Visita', ja: '訪問' },
    material: { zh: '物料', en: 'Material', es: 'Material', ja: '資材' },
    contract: { zh: '合同', en: 'Contract', es: 'Contrato', ja: '契約' },
    content: { zh: '内容', en: 'Content', es: 'Contenido', ja: 'コンテンツ' },
  } satisfies Record<AuditObjectType, Texts>,
  actions: {
    create: { zh: '新增', en: 'Created', es: 'Creado', ja: '作成' },
    update: { zh: '修改', en: 'Changed', es: 'Modificado', ja: '変更' },
    delete: { zh: '删除', en: 'Deleted', es: 'Eliminado', ja: '削除' },
    revoke: { zh: '停用', en: 'Revoked', es: 'Revocado', ja: '無効化' },
    acknowledge: { zh: '确认', en: 'Acknowledged', es: 'Confirmada', ja: '確認' },
    handle: { zh: '处理', en: 'Handled', es: 'Resuelta', ja: '対応' },
    assign: { zh: '指派', en: 'Assigned', es: 'Asignada', ja: '割り当て' },
    suspend: { zh: '停用', en: 'Suspended', es: 'Suspendido', ja: '停止' },
    resume: { zh: '启用', en: 'Resumed', es: 'Reactivado', ja: '再開' },
    retire: { zh: '停用设备', en: 'Retired', es: 'Retirado', ja: '廃止' },
    disable: { zh: '停用账号', en: 'Disabled', es: 'Desactivada', ja: '無効化' },
    enable: { zh: '启用账号', en: 'Enabled', es: 'Activada', ja: '有効化' },
    resetPassword: { zh: '重置密码', en: 'Password reset', es: 'Contraseña restablecida', ja: 'パスワード再設定' },
    cancel: { zh: '取消', en: 'Cancelled', es: 'Cancelada', ja: 'キャンセル' },
    start: { zh: '开始服务', en: 'Started', es: 'Iniciada', ja: '開始' },
    finish: { zh: '完成服务', en: 'Finished', es: 'Finalizada', ja: '完了' },
    withdraw: { zh: '撤回', en: 'Withdrawn', es: 'Retirado', ja: '取り下げ' },
    activate: { zh: '生效', en: 'Activated', es: 'Activado', ja: '発効' },
    terminate: { zh: '终止', en: 'Terminated', es: 'Rescindido', ja: '解約' },
  } satisfies Record<AuditAction, Texts>,
  /** What the changed fields are called; a field not named here shows its own name. */
  fields: {
    name: { zh: '名称', en: 'Name', es: 'Nombre', ja: '名称' },
    kind: { zh: '类型', en: 'Type', es: 'Tipo', ja: '種類' },
    type: { zh: '类型', en: 'Type', es: 'Tipo', ja: '種類' },
    filePath: { zh: '文件', en: 'File', es: 'Archivo', ja: 'ファイル' },
    validFrom: { zh: '有效期起', en: 'Valid from', es: 'Válido desde', ja: '有効期間開始' },
    validTo: { zh: '有效期止', en: 'Valid to', es: 'Válido hasta', ja: '有効期間終了' },
    url: { zh: '地址', en: 'Address', es: 'Dirección', ja: 'アドレス' },
    hasSecret: { zh: '已设密钥', en: 'Has secret', es: 'Con secreto', ja: 'シークレットあり' },
    secret: { zh: '密钥', en: 'Secret', es: 'Secreto', ja: 'シークレット' },
    to: { zh: '收件人', en: 'Recipients', es: 'Destinatarios', ja: '宛先' },
    enabled: { zh: '启用', en: 'Enabled', es: 'Activada', ja: '有効' },
    scopes: { zh: '显示范围', en: 'Shows', es: 'Muestra', ja: '表示範囲' },
    dwellSeconds: { zh: '轮播秒数', en: 'Seconds per view', es: 'Segundos por vista', ja: '表示秒数' },
    expiresAt: { zh: '到期时间', en: 'Expires', es: 'Caduca', ja: '有効期限' },
    revokedAt: { zh: '停用时间', en: 'Revoked at', es: 'Revocado el', ja: '無効化日時' },
    deviceName: { zh: '设备名称', en: 'Device name', es: 'Nombre del dispositivo', ja: 'デバイス名' },
    technicalSupport: { zh: '技术支持', en: 'Technical support', es: 'Soporte técnico', ja: '技術サポート' },
    remark: { zh: '备注', en: 'Remark', es: 'Observación', ja: '備考' },
    imageUrl: { zh: '设备图片', en: 'Device picture', es: 'Imagen del dispositivo', ja: 'デバイス画像' },
    state: { zh: '状态', en: 'State', es: 'Estado', ja: '状態' },
    note: { zh: '处理说明', en: 'Handling note', es: 'Nota de resolución', ja: '対応メモ' },
    pictures: { zh: '处理图片', en: 'Handling pictures', es: 'Imágenes de resolución', ja: '対応画像' },
    assignee: { zh: '指派给', en: 'Assigned to', es: 'Asignada a', ja: '担当者' },
    password: { zh: '密码', en: 'Password', es: 'Contraseña', ja: 'パスワード' },
    code: { zh: '编码', en: 'Code', es: 'Código', ja: 'コード' },
    parent: { zh: '上级', en: 'Parent', es: 'Superior', ja: '上位' },
    region: { zh: '地区', en: 'Region', es: 'Región', ja: '地域' },
    address: { zh: '详细地址', en: 'Address', es: 'Dirección', ja: '住所' },
    area: { zh: '大区', en: 'Sales area', es: 'Zona de ventas', ja: '営業エリア' },
    contacts: { zh: '联系人', en: 'Contacts', es: 'Contactos', ja: '連絡先' },
    store: { zh: '门店', en: 'Store', es: 'Tienda', ja: '店舗' },
    startDate: { zh: '开始日期', en: 'Start date', es: 'Fecha de inicio', ja: '開始日' },
    endDate: { zh: '结束日期', en: 'End date', es: 'Fecha de fin', ja: '終了日' },
    visitsPerMonth: { zh: '每月服务次数', en: 'Visits a month', es: 'Visitas al mes', ja: '月間訪問回数' },
    pests: { zh: '虫害', en: 'Pests', es: 'Plagas', ja: '害虫' },
    riskGroup: { zh: '风险组', en: 'Risk group', es: 'Grupo de riesgo', ja: 'リスクグループ' },
    plan: { zh: '服务计划', en: 'Service plan', es: 'Plan de servicio', ja: 'サービス計画' },
    technician: { zh: '技术员', en: 'Technician', es: 'Técnico', ja: '技術者' },
    plannedDate: { zh: '服务日期', en: 'Visit date', es: 'Fecha de visita', ja: '訪問日' },
    serviceType: { zh: '服务类型', en: 'Service type', es: 'Tipo de servicio', ja: 'サービス種別' },
    cancelReason: { zh: '取消原因', en: 'Reason for cancelling', es: 'Motivo de la cancelación', ja: 'キャンセル理由' },
    alarms: { zh: '关联告警', en: 'Alarms', es: 'Alarmas', ja: '関連アラーム' },
    serviceRegion: { zh: '服务区域', en: 'Service region', es: 'Zona de servicio', ja: 'サービス区域' },
    deviceType: { zh: '设备类型', en: 'Device type', es: 'Tipo de dispositivo', ja: 'デバイス種類' },
    position: { zh: '位置', en: 'Position', es: 'Posición', ja: '位置' },
    deviceNo: { zh: '设备编号', en: 'Device number', es: 'Número de dispositivo', ja: 'デバイス番号' },
    point: { zh: '点位', en: 'Point', es: 'Punto', ja: 'ポイント' },
    floorPlan: { zh: '平面图', en: 'Floor plan', es: 'Plano', ja: '平面図' },
    supplier: { zh: '供应商', en: 'Supplier', es: 'Proveedor', ja: 'サプライヤー' },
    account: { zh: '账号', en: 'Account', es: 'Cuenta', ja: 'アカウント' },
    phone: { zh: '手机号', en: 'Phone', es: 'Teléfono', ja: '電話番号' },
    roles: { zh: '角色', en: 'Roles', es: 'Roles', ja: 'ロール' },
    customer: { zh: '所属客户', en: 'Customer', es: 'Cliente', ja: '所属顧客' },
    permissions: { zh: '权限', en: 'Permissions', es: 'Permisos', ja: '権限' },
    // 内容 (notices and articles).
    title: { zh: '标题', en: 'Title', es: 'Título', ja: 'タイトル' },
    html: { zh: '正文', en: 'Body', es: 'Texto', ja: '本文' },
    customerIds: { zh: '客户', en: 'Customers', es: 'Clientes', ja: '顧客' },
    // 合同 (contracts) and the plans they set.
    customerId: { zh: '客户', en: 'Customer', es: 'Cliente', ja: '顧客' },
    signedDate: { zh: '签订日期', en: 'Signed on', es: 'Firmado el', ja: '締結日' },
    amount: { zh: '合同金额', en: 'Amount', es: 'Importe', ja: '契約金額' },
    items: { zh: '服务内容', en: 'Services', es: 'Servicios', ja: 'サービス内容' },
    attachmentPaths: { zh: '合同附件', en: 'Scanned contract', es: 'Contrato escaneado', ja: '契約書スキャン' },
    storedState: { zh: '状态', en: 'State', es: 'Estado', ja: '状態' },
    terminatedOn: { zh: '最后服务日', en: 'Last day of service', es: 'Último día de servicio', ja: '最終サービス日' },
    terminateReason: { zh: '终止原因', en: 'Reason for termination', es: 'Motivo de rescisión', ja: '解約理由' },
    contractId: { zh: '合同', en: 'Contract', es: 'Contrato', ja: '契約' },
    reportTemplateType: { zh: '报告模板', en: 'Report template', es: 'Plantilla de informe', ja: '報告書テンプレート' },
    publishedAt: { zh: '发布时间', en: 'Published at', es: 'Publicado el', ja: '公開日時' },
    withdrawnAt: { zh: '撤回时间', en: 'Withdrawn at', es: 'Retirado el', ja: '取り下げ日時' },
  } as Record<string, Texts>,
} as const;

export type AuditColumn = keyof typeof AUDIT_TEXTS.columns;

/** What an object is called: its kind's name and its number. */
export const auditObjectText = (objectType: string, objectId: string, language: TextLanguage): string =>
  `${(AUDIT_TEXTS.objectTypes as Record<string, Texts>)[objectType]?.[language] ?? objectType} #${objectId}`;

export const auditActionText = (action: string, language: TextLanguage): string => (AUDIT_TEXTS.actions as Record<string, Texts>)[action]?.[language] ?? action;

/** A value as a line of the log shows it: nothing as —, a list joined, a secret as it came (masked). */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === MASKED_SECRET) return MASKED_SECRET;
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValueText).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each changed field as "label：before → after" (a new record's fields show only what they became). */
export function auditChangeLines(changes: Record<string, AuditChange>, language: TextLanguage): string[] {
  return Object.entries(changes).map(([field, { before, after }]) => {
    const label = AUDIT_TEXTS.fields[field]?.[language] ?? field;
    return before === null ? `${label}：${auditValueText(after)}` : `${label}：${auditValueText(before)} → ${auditValueText(after)}`;
  });
}
