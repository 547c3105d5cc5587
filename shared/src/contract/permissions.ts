import { Type } from '@sinclair/typebox';
import type { TextLanguage } from '../texts/languages.ts';

/**
 * What a role may do: the menu entries it sees (`…:view`) and the actions it may take. An endpoint
 * names the one it needs (endpoints/*.ts), the backend refuses the call without it, and the
 * console's route table and buttons read the same keys, so menu, buttons and server agree.
 */
export const Permission = {
  /** 服务记录 and its point checks (the home screen). */
  serviceView: 'service:view',
  /** 首页看板, 数据报表, 统计图表 and the audit pack. */
  reportsView: 'reports:view',
  /** 设备管理: the device list, details and 告警中心. */
  devicesView: 'devices:view',
  /** Acknowledge, handle and escalate alarms. */
  alarmsHandle: 'alarms:handle',
  /** Register, bind, move and retire devices; see and rotate their secrets. */
  devicesManage: 'devices:manage',
  /** 设备型号 and 设备接入: device models with their codecs, and the network servers devices report through. */
  integrationsManage: 'integrations:manage',
  customersView: 'customers:view',
  /** Create, edit, move, suspend and resume customers and stores. */
  customersManage: 'customers:manage',
  serviceConfigView: 'serviceConfig:view',
  /** Plans, regions, points, floor plans and labels. */
  serviceConfigManage: 'serviceConfig:manage',
  /** 服务安排: the visits planned, per technician and per store. */
  scheduleView: 'schedule:view',
  /** Plan, move, reassign and cancel visits; book one for an alarm. */
  scheduleManage: 'schedule:manage',
  /** 物料: the materials catalogue. */
  materialsView: 'materials:view',
  /** Add and edit materials, disable and enable them. */
  materialsManage: 'materials:manage',
  /** 合同: contracts, the expiring ones among them. */
  contractsView: 'contracts:view',
  /** Draft, edit, activate and terminate contracts; activating one sets its stores' service plans. */
  contractsManage: 'contracts:manage',
  /** 内容: notices and articles, read by everyone they are published to. */
  contentView: 'content:view',
  /** Write, publish and withdraw notices and articles. */
  contentManage: 'content:manage',
  /** The field app: record one's own visits (start, point checks, risks, materials, finish). */
  fieldWork: 'field:work',
  /** 通知: who is told of alarms, and what was sent. */
  notifyManage: 'notify:manage',
  /** 大屏 links for control-room screens. */
  displayManage: 'display:manage',
  /** Excel and PDF exports and the audit pack's zip. */
  dataExport: 'data:export',
  auditLogView: 'auditLog:view',
  /** Accounts and roles (系统管理). */
  accountsManage: 'accounts:manage',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

export const PermissionSchema = Type.Union(ALL_PERMISSIONS.map((permission) => Type.Literal(permission)));

/** The menu's and the role editor's grouping: a view key and the actions that belong with it. */
export const PERMISSION_GROUPS: readonly { view: Permission | null; actions: readonly Permission[] }[] = [
  { view: Permission.serviceView, actions: [] },
  { view: Permission.reportsView, actions: [Permission.dataExport] },
  { view: Permission.devicesView, actions: [Permission.alarmsHandle, Permission.devicesManage, Permission.integrationsManage] },
  { view: Permission.customersView, actions: [Permission.customersManage] },
  { view: Permission.serviceConfigView, actions: [Permission.serviceConfigManage] },
  { view: Permission.scheduleView, actions: [Permission.scheduleManage] },
  { view: Permission.contractsView, actions: [Permission.contractsManage] },
  { view: Permission.materialsView, actions: [Permission.materialsManage] },
  { view: Permission.contentView, actions: [Permission.contentManage] },
  { view: null, actions: [Permission.fieldWork, Permission.notifyManage, Permission.displayManage] },
  { view: Permission.auditLogView, actions: [Permission.accountsManage] },
];

/** A manage action without its view is no use (its screen is not in the menu): saving a role adds the view. */
export const VIEW_OF_ACTION: Partial<Record<Permission, Permission>> = Object.fromEntries(
  PERMISSION_GROUPS.flatMap((group) => (group.view ? group.actions.map((action) => [action, group.view]) : [])),
);

/** The roles every start has. Their ids are fixed; the administrator's permissions cannot be narrowed. */
export const BuiltInRole = {
  admin: { id: 1, roleKey: 'admin', roleName: '系统管理员' },
  customerManager: { id: 2, roleKey: 'customer', roleName: '客户经理' },
  operations: { id: 3, roleKey: 'operations', roleName: '运营主管' },
  technician: { id: 4, roleKey: 'technician', roleName: '技术员' },
} as const;

/** What the built-in roles start with; an administrator may change all but the first. */
export const BUILT_IN_ROLE_PERMISSIONS: Record<keyof typeof BuiltInRole, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  operations: ALL_PERMISSIONS.filter((permission) => permission !== Permission.accountsManage),
  // A customer's manager sees their own customer; the network servers and models are the provider's.
  // The provider plans its technicians' visits; a customer's manager sees those of their stores.
  customerManager: ALL_PERMISSIONS.filter(
    (permission) => permission !== Permission.accountsManage && permission !== Permission.integrationsManage && permission !== Permission.scheduleManage && permission !== Permission.fieldWork && permission !== Permission.materialsManage &&
      permission !== Permission.contractsManage && permission !== Permission.contentManage,
  ),
  technician: [Permission.serviceView, Permission.devicesView, Permission.alarmsHandle, Permission.fieldWork, Permission.contentView],
};

/** Each permission as the role editor and the refusal name it. */
export const PERMISSION_LABELS: Record<Permission, Record<TextLanguage, string>> = {
  [Permission.serviceView]: { zh: '服务记录', en: 'Service records', es: 'Registros de servicio', ja: 'サービス記録' },
  [Permission.reportsView]: { zh: '报表与图表', en: 'Reports and charts', es: 'Informes y gráficos', ja: 'レポートとグラフ' },
  [Permission.devicesView]: { zh: '设备与告警', en: 'Devices and alarms', es: 'Dispositivos y alarmas', ja: 'デバイスとアラーム' },
  [Permission.alarmsHandle]: { zh: '处理告警', en: 'Handle alarms', es: 'Atender alarmas', ja: 'アラーム対応' },
  [Permission.devicesManage]: { zh: '管理设备', en: 'Manage devices', es: 'Gestionar dispositivos', ja: 'デバイス管理' },
  [Permission.integrationsManage]: { zh: '设备型号与接入', en: 'Device models and integrations', es: 'Modelos e integraciones', ja: '機種と接続連携' },
  [Permission.customersView]: { zh: '客户管理', en: 'Customers', es: 'Clientes', ja: '顧客管理' },
  [Permission.customersManage]: { zh: '编辑客户', en: 'Edit customers', es: 'Editar clientes', ja: '顧客の編集' },
  [Permission.serviceConfigView]: { zh: '服务配置', en: 'Service configuration', es: 'Configuración del servicio', ja: 'サービス設定' },
  [Permission.serviceConfigManage]: { zh: '编辑服务配置', en: 'Edit service configuration', es: 'Editar la configuración', ja: 'サービス設定の編集' },
  [Permission.scheduleView]: { zh: '服务安排', en: 'Visit schedule', es: 'Agenda de visitas', ja: 'サービス手配' },
  [Permission.scheduleManage]: { zh: '安排上门', en: 'Schedule visits', es: 'Programar visitas', ja: '訪問の手配' },
  [Permission.materialsView]: { zh: '物料', en: 'Materials', es: 'Materiales', ja: '資材' },
  [Permission.materialsManage]: { zh: '编辑物料', en: 'Edit materials', es: 'Editar materiales', ja: '資材の編集' },
  [Permission.contractsView]: { zh: '合同', en: 'Contracts', es: 'Contratos', ja: '契約' },
  [Permission.contractsManage]: { zh: '编辑合同', en: 'Edit contracts', es: 'Editar contratos', ja: '契約の編集' },
  [Permission.contentView]: { zh: '内容', en: 'Content', es: 'Contenido', ja: 'コンテンツ' },
  [Permission.contentManage]: { zh: '编辑内容', en: 'Edit content', es: 'Editar contenido', ja: 'コンテンツの編集' },
  [Permission.fieldWork]: { zh: '现场服务（手机端）', en: 'Field app', es: 'App de campo', ja: '現場アプリ' },
  [Permission.notifyManage]: { zh: '通知设置', en: 'Notifications', es: 'Notificaciones', ja: '通知設定' },
  [Permission.displayManage]: { zh: '大屏链接', en: 'Display links', es: 'Enlaces de pantalla', ja: '大型画面リンク' },
  [Permission.dataExport]: { zh: '导出', en: 'Export', es: 'Exportar', ja: 'エクスポート' },
  [Permission.auditLogView]: { zh: '操作日志', en: 'Audit log', es: 'Registro de auditoría', ja: '操作ログ' },
  [Permission.accountsManage]: { zh: '账号与角色', en: 'Accounts and roles', es: 'Cuentas y roles', ja: 'アカウントとロール' },
};
