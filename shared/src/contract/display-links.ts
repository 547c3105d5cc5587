import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, IdList, Instant, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * Display links (大屏链接, issue 20): a read-only, revocable, hard-to-guess link for a control-room
 * TV. Staff create one in the console; the TV opens `/wallboard/?display=<token>`. The token can
 * call only the wallboard's own endpoints (access `display`, DISPLAY_ALLOWED_PATHS) and the live topics built on
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
  /** Staff who manage the link: its TV address and short code again (copy again); every answer is recorded. */
  reveal: `${DISPLAY}/reveal`,
  /** No session, rate-limited per address: a TV trades a link's short code for its token. */
  redeem: `${DISPLAY}/redeem`,
} as const;

/** Every display token starts with this, so the server tells it from a staff session token at a glance. */
export const DISPLAY_TOKEN_PREFIX = 'dl_';
/** The URL parameter the TV's link carries. */
export const DISPLAY_URL_PARAM = 'display';
/** The URL parameter the TV page takes a short code in (`/wallboard/?code=…`); it also asks for one on its start screen. */
export const DISPLAY_CODE_PARAM = 'code';

/**
 * A link's short code, for a TV whose remote makes an 83-character address a chore: 12 characters
 * of Crockford's base32 (no I, L, O or U to misread), 60 random bits, shown in groups of four.
 * Guessing is limited to DISPLAY_CODE_ATTEMPTS_PER_MINUTE per address: a million addresses guessing
 * for a year would find one of a thousand live codes with a chance of about 1 in 200.
 */
export const DISPLAY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DISPLAY_CODE_LENGTH = 12;
export const DISPLAY_CODE_ATTEMPTS_PER_MINUTE = 10;

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) as it was made; null when it cannot be one. */
export function normalizeDisplayCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== DISPLAY_CODE_LENGTH || [...code].some((char) => !DISPLAY_CODE_ALPHABET.includes(char))) return null;
  return code;
}

/** A code as shown: groups of four joined by dashes. */
export const formatDisplayCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;
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
    version: Type.Optional(EditVersion),
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
  /** Sent back with an edit. */
  version: Type.Integer(),
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
  /** Whether its address can be copied again: links made before short codes kept only the token's hash. */
  copyable: Type.Boolean(),
  /** How often its address was copied again, the last time and by whom (the record of every copy is kept). */
  copies: Type.Integer(),
  lastCopiedAt: Nullable(Type.String()),
  lastCopiedByName: Nullable(Type.String()),
});
export type DisplayLink = Static<typeof DisplayLink>;

export const DisplayLinkListResponse = Envelope(Type.Array(DisplayLink));
export const DisplayLinkSaveResult = Type.Object({
  link: DisplayLink,
  /** The token, only in the answer that created the link; null on an edit. */
  token: Nullable(Type.String()),
  /** Its short code (DISPLAY_CODE_LENGTH characters, unformatted), with the token; null on an edit. */
  code: Nullable(Type.String()),
});
export type DisplayLinkSaveResult = Static<typeof DisplayLinkSaveResult>;
export const DisplayLinkSaveResponse = Envelope(DisplayLinkSaveResult);
export const DisplayLinkRevokeResponse = Envelope(DisplayLink);

export const DisplayLinkRevealBody = Type.Object({ id: Id }, { additionalProperties: false });
export type DisplayLinkRevealBody = Static<typeof DisplayLinkRevealBody>;
/** What a TV needs of a link: its token (for the address and its QR code) and its short code. */
export const DisplayLinkSecret = Type.Object({ token: Type.String(), code: Type.String() });
export type DisplayLinkSecret = Static<typeof DisplayLinkSecret>;
export const DisplayLinkRevealResponse = Envelope(DisplayLinkSecret);

export const DisplayCodeBody = Type.Object({ code: Type.String({ maxLength: 40 }) }, { additionalProperties: false });
export type DisplayCodeBody = Static<typeof DisplayCodeBody>;
export const DisplayCodeResult = Type.Object({ token: Type.String() });
export type DisplayCodeResult = Static<typeof DisplayCodeResult>;
export const DisplayCodeResponse = Envelope(DisplayCodeResult);

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
  notManager: '您无权管理此大屏链接，不能再次复制它的网址',
  notKept: '此大屏链接创建时未保存网址，无法再次复制，请新建一个大屏链接',
  codeUnknown: '短码不正确，请核对后重新输入',
} as const;
