import { Type, type Static } from '@sinclair/typebox';
import { AlarmPaths } from './alarms.ts';
import { Id, IdList, Instant, Nullable, Text } from './common.ts';
import { DevicePaths } from './devices.ts';
import { Envelope } from './envelope.ts';
import { ServiceActivityPaths } from './service-activity.ts';
import { SessionPaths } from './session.ts';

/**
 * Display links (大屏链接, issue 20): a read-only, revocable, hard-to-guess link for a control-room
 * TV. Staff create one in the console; the TV opens `/wallboard/?display=<token>`. The token can
 * call only the wallboard's own endpoints (DISPLAY_ALLOWED_PATHS) and the live topics built on
 * them; any other `/api` call is a 401. The token is shown once, when the link is created: the
 * server keeps only its hash.
 */
const DISPLAY = '/api/admin/web/display';
export const DisplayPaths = {
  /** Staff, POST like the other two: the links of their scope. */
  list: `${DISPLAY}/list`,
  /** Staff: create (no id, answers the token once) or edit (id) a link. */
  save: `${DISPLAY}/save`,
  /** Staff: revoke a link; every screen using it stops within one poll interval. */
  revoke: `${DISPLAY}/revoke`,
  /** Display token, GET: what the TV shows (link name, scopes, dwell); its periodic call is the heartbeat. */
  session: `${DISPLAY}/session`,
} as const;

/**
 * Everything a display token may call: the wallboard's own reads. The live topics the board uses
 * poll these same paths with the screen's token, so they need no list of their own.
 */
export const DISPLAY_ALLOWED_PATHS: readonly string[] = [
  DisplayPaths.session,
  SessionPaths.userInfo,
  DevicePaths.statistics,
  DevicePaths.storeStatus,
  DevicePaths.alarmList,
  DevicePaths.alarmTrend,
  AlarmPaths.statistics,
  ServiceActivityPaths.activity,
];

/** Every display token starts with this, so the server tells it from a staff session token at a glance. */
export const DISPLAY_TOKEN_PREFIX = 'dl_';
/** The URL parameter the TV's link carries. */
export const DISPLAY_URL_PARAM = 'display';
/** Header naming one screen (a random id the wallboard keeps per browser), to count the screens of a link. */
export const DISPLAY_SCREEN_HEADER = 'x-display-screen';
/** A screen counts as using a link while it has called within this long. */
export const DISPLAY_SCREEN_ACTIVE_MS = 3 * 60_000;
/** How often a screen calls `session`: the poll interval within which a revocation reaches it. */
export const DISPLAY_HEARTBEAT_MS = 30_000;

export const DISPLAY_SCOPES_MAX = 8;
export const DISPLAY_DWELL_MIN_SECONDS = 10;
export const DISPLAY_DWELL_MAX_SECONDS = 3_600;
export const DISPLAY_DWELL_DEFAULT_SECONDS = 60;

/**
 * The token for one scope of a rotating link: `<token>.<index>`. A link's plain token means its
 * first scope. Each scope is a distinct viewer to the live hub (its own user id in `session` and
 * userInfo), so two scopes never share a poll.
 */
export const displayScopeToken = (token: string, scopeIndex: number): string => (scopeIndex === 0 ? token : `${token}.${scopeIndex}`);

/**
 * One scope a link shows. Both lists empty: everything the creator sees. Otherwise the stores in
 * the subtrees of `customerIds` (organisations, groups or stores) and, when `areaIds` is not
 * empty, only those in these sales areas (大区). Always within the creator's own scope.
 */
export const DisplayScope = Type.Object(
  {
    /** Shown on the TV while this scope is on screen; empty: named from its customers and areas. */
    label: Type.Optional(Text(40)),
    customerIds: IdList,
    areaIds: IdList,
  },
  { additionalProperties: false },
);
export type DisplayScope = Static<typeof DisplayScope>;

export const DisplayLinkSaveBody = Type.Object(
  {
    /** Absent: a new link. Present: edit that link (its token stays). */
    id: Type.Optional(Id),
    name: Text(40, { minLength: 1 }),
    scopes: Type.Array(DisplayScope, { minItems: 1, maxItems: DISPLAY_SCOPES_MAX }),
    dwellSeconds: Type.Integer({ minimum: DISPLAY_DWELL_MIN_SECONDS, maximum: DISPLAY_DWELL_MAX_SECONDS }),
    /** ISO 8601 with an offset; null: never expires. Must be in the future. */
    expiresAt: Nullable(Instant),
  },
  { additionalProperties: false },
);
export type DisplayLinkSaveBody = Static<typeof DisplayLinkSaveBody>;

export const DisplayLinkRevokeBody = Type.Object({ id: Id }, { additionalProperties: false });
export type DisplayLinkRevokeBody = Static<typeof DisplayLinkRevokeBody>;

export const DisplayLinkState = { active: 'active', expired: 'expired', revoked: 'revoked' } as const;
export type DisplayLinkState = (typeof DisplayLinkState)[keyof typeof DisplayLinkState];
export const DISPLAY_LINK_STATE_LABELS: Record<DisplayLinkState, string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

export const DisplayScopeView = Type.Object({
  /** The given label, or one made of the names of its customers and areas (全部 when both are empty). */
  label: Type.String(),
  customerIds: Type.Array(Type.Integer()),
  areaIds: Type.Array(Type.Integer()),
});
export type DisplayScopeView = Static<typeof DisplayScopeView>;

export const DisplayLink = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scopes: Type.Array(DisplayScopeView),
  dwellSeconds: Type.Integer(),
  expiresAt: Nullable(Type.String()),
  createdAt: Type.String(),
  createdByName: Type.String(),
  revokedAt: Nullable(Type.String()),
  state: Type.Union(Object.values(DisplayLinkState).map((value) => Type.Literal(value))),
  lastSeenAt: Nullable(Type.String()),
  lastSeenAddress: Nullable(Type.String()),
  /** Screens that called within DISPLAY_SCREEN_ACTIVE_MS. */
  screens: Type.Integer(),
});
export type DisplayLink = Static<typeof DisplayLink>;

export const DisplayLinkListResponse = Envelope(Type.Array(DisplayLink));
export const DisplayLinkSaveResult = Type.Object({
  link: DisplayLink,
  /** The token, only in the answer that created the link; null on an edit. */
  token: Nullable(Type.String()),
});
export type DisplayLinkSaveResult = Static<typeof DisplayLinkSaveResult>;
export const DisplayLinkSaveResponse = Envelope(DisplayLinkSaveResult);
export const DisplayLinkRevokeResponse = Envelope(DisplayLink);

/** What a TV learns from its token. */
export const DisplaySession = Type.Object({
  linkId: Type.Integer(),
  name: Type.String(),
  /** The provider's or the creator's organisation's name, for the board's title. */
  organisationName: Type.String(),
  scopes: Type.Array(Type.Object({ label: Type.String() })),
  dwellSeconds: Type.Integer(),
  expiresAt: Nullable(Type.String()),
});
export type DisplaySession = Static<typeof DisplaySession>;
export const DisplaySessionResponse = Envelope(DisplaySession);

export const DisplayMessages = {
  notFound: '大屏链接不存在',
  outOfScope: '所选门店或大区超出您的权限范围',
  expiryPast: '过期时间必须晚于当前时间',
  revoked: '大屏链接已被撤销',
  expired: '大屏链接已过期',
} as const;
