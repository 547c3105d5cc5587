import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * 设备接入 (issue 39): the network servers a provider's devices report through. MQTT kinds are
 * subscribed to by the product (one process at a time); HTTP kinds are webhooks the network server
 * calls, authenticated by a header with a secret shown once (ChirpStack, The Things Stack), a token
 * in the URL (CTWing, which signs nothing) or OneNET's own signature with the token set here.
 */
const INTEGRATION = '/api/admin/web/integration';
export const IntegrationPaths = {
  save: `${INTEGRATION}/save`,
  list: `${INTEGRATION}/list`,
  rotateSecret: `${INTEGRATION}/rotateSecret`,
  /** Where network servers push: the integration's id follows. */
  webhook: '/api/integration/webhook',
} as const;

export const IntegrationKind = {
  chirpstackMqtt: 'chirpstack-mqtt',
  chirpstackHttp: 'chirpstack-http',
  ttnMqtt: 'ttn-mqtt',
  ttnHttp: 'ttn-http',
  ctwingHttp: 'ctwing-http',
  onenetHttp: 'onenet-http',
} as const;
export type IntegrationKind = (typeof IntegrationKind)[keyof typeof IntegrationKind];
export const MQTT_INTEGRATION_KINDS: readonly IntegrationKind[] = [IntegrationKind.chirpstackMqtt, IntegrationKind.ttnMqtt];
/** The webhook kinds authenticated by a secret the product makes (a header's, or CTWing's URL token): shown once, rotated. */
export const SECRET_WEBHOOK_KINDS: readonly IntegrationKind[] = [IntegrationKind.chirpstackHttp, IntegrationKind.ttnHttp, IntegrationKind.ctwingHttp];
export const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  'chirpstack-mqtt': 'ChirpStack（MQTT）',
  'chirpstack-http': 'ChirpStack（HTTP）',
  'ttn-mqtt': 'The Things Stack（MQTT）',
  'ttn-http': 'The Things Stack（Webhook）',
  'ctwing-http': '天翼物联 CTWing',
  'onenet-http': '中国移动 OneNET',
};
/** The topics a network server publishes uplinks on, as its documentation gives them. */
export const DEFAULT_MQTT_TOPICS: Partial<Record<IntegrationKind, string>> = {
  'chirpstack-mqtt': 'application/+/device/+/event/+',
  'ttn-mqtt': 'v3/+/devices/+/up',
};
/** The header a ChirpStack or The Things Stack webhook carries its secret in, unless the integration names another. */
export const DEFAULT_WEBHOOK_HEADER = 'x-pest-integration-secret';
/** A webhook body larger than this is refused (413) before it is read. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

const KindSchema = Type.Union(Object.values(IntegrationKind).map((kind) => Type.Literal(kind)));

export const IntegrationSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    name: Text(200),
    kind: KindSchema,
    enabled: Type.Boolean(),
    /** MQTT kinds: mqtt:// or mqtts:// with host and port. */
    mqttUrl: Type.Optional(Nullable(Text(500))),
    username: Type.Optional(Nullable(Text(200))),
    /** MQTT kinds: left out on an edit, the one saved stays; never answered. */
    password: Type.Optional(Nullable(Text(500))),
    topic: Type.Optional(Nullable(Text(500))),
    /** HTTP kinds with a header secret: the header's name. */
    headerName: Type.Optional(Nullable(Text(200))),
    /** OneNET: the token set on OneNET's push configuration; left out on an edit, the one saved stays. */
    token: Type.Optional(Nullable(Text(200))),
    version: Type.Optional(EditVersion),
  },
  { additionalProperties: false },
);
export type IntegrationSaveBody = Static<typeof IntegrationSaveBody>;

/**
 * A saved integration's id and, for a webhook kind when it was created or its secret rotated, where
 * the network server pushes and with what: shown this once.
 */
export const IntegrationSaved = Type.Object({
  id: Type.Integer(),
  webhookUrl: Type.Optional(Type.String()),
  headerName: Type.Optional(Type.String()),
  secret: Type.Optional(Type.String()),
});
export type IntegrationSaved = Static<typeof IntegrationSaved>;
export const IntegrationSavedResponse = Envelope(IntegrationSaved);

export const IntegrationState = { idle: 'idle', connecting: 'connecting', connected: 'connected', error: 'error', disabled: 'disabled' } as const;
export type IntegrationState = (typeof IntegrationState)[keyof typeof IntegrationState];

export const Integration = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: KindSchema,
  enabled: Type.Boolean(),
  mqttUrl: Nullable(Type.String()),
  username: Nullable(Type.String()),
  topic: Nullable(Type.String()),
  headerName: Nullable(Type.String()),
  /** Whether a password, token or webhook secret is set; never the value. */
  hasSecret: Type.Boolean(),
  /** The webhook's address without its secret (CTWing's token shows as {token}). */
  webhookPath: Nullable(Type.String()),
  state: Type.Union(Object.values(IntegrationState).map((state) => Type.Literal(state))),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(Type.String()),
  lastMessageAt: Nullable(Type.String()),
  messagesToday: Type.Integer(),
  errorsToday: Type.Integer(),
  version: Type.Integer(),
});
export type Integration = Static<typeof Integration>;
export const IntegrationListResponse = Envelope(Type.Array(Integration));
export const IntegrationIdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type IntegrationIdBody = Static<typeof IntegrationIdBody>;

export const IntegrationMessages = {
  nameRequired: '请输入接入名称',
  nameTooLong: '接入名称不能超过50个字符',
  nameTaken: '接入名称已存在',
  notFound: '设备接入不存在',
  mqttUrl: 'MQTT地址须以 mqtt:// 或 mqtts:// 开头，并包含主机',
  mqttCredentials: 'MQTT地址不能包含用户名或密码，请分别填写在用户名和密码中',
  mqttNotTls: 'MQTT地址须使用 mqtts://；公司内网的MQTT服务器如需使用 mqtt://，请联系部署本系统的服务器管理员在配置项 INTEGRATION_ALLOWED_HOSTS 中放行该地址',
  mqttPrivate: 'MQTT地址指向内网或本机，为安全起见默认不允许连接；如需连接公司内网的MQTT服务器，请联系部署本系统的服务器管理员在配置项 INTEGRATION_ALLOWED_HOSTS 中放行该地址',
  mqttUnresolvable: '无法解析MQTT地址的域名',
  topic: '订阅主题格式不正确',
  usernameForPassword: '设置密码时须填写用户名',
  headerName: '请求头名称只能包含字母、数字和-',
  tokenRequired: '请输入OneNET推送配置中的Token',
  kindChanged: '接入类型保存后不能修改',
  noSecret: '该接入类型没有密钥',
  badSecret: '密钥或签名不正确',
  disabled: '该设备接入已停用',
  badBody: '消息格式不正确',
} as const;
