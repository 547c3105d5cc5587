import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_USER_IDS, DEFAULT_AUDIT_PACK_MAX_STORES, DEFAULT_RISK_OVERDUE_DAYS, NEW_PASSWORD_MIN_LENGTH, OSS_PUBLIC_PATH, parseRiskOverdueDays, WALLBOARD_BASE, UPLINK_RETENTION_DAYS, type RiskOverdueDays } from '@pest/shared';

/** The repository root, so defaults do not depend on the directory the server is started from. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** How much demo data the reference backend may generate; the seed's layout gives each its sizes. */
export const SEED_SCALES = ['small', 'medium', 'large'] as const;
export type SeedScale = (typeof SEED_SCALES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Holds the embedded database (DATA_DIR/db) and anything else the server keeps on disk. */
  dataDir: string;
  /** The provider backend to proxy /api to; null starts the embedded reference backend. */
  upstreamUrl: string | null;
  /** PostgreSQL for the reference backend; null uses PGlite in DATA_DIR/db. */
  databaseUrl: string | null;
  /** How much demo data the reference backend generates into an empty database. */
  seedScale: SeedScale;
  /**
   * DEMO: an empty database gets the generated demo world, its logins and its live writers (on,
   * the default), or only the reference data and a first administrator (off: the product for real).
   */
  demo: boolean;
  /** The first administrator's password on an empty start with DEMO=off; null: a random one, shown once in the start banner. */
  initialAdminPassword: string | null;
  redisUrl: string | null;
  /**
   * Starts every Redis key and pub/sub channel of this deployment (REDIS_PREFIX): pub/sub ignores
   * the database number, so deployments on one Redis are kept apart by this alone. Never empty.
   */
  redisPrefix: string;
  /** Gateway processes sharing the port (node:cluster); more than one needs REDIS_URL for the live hub. */
  gatewayWorkers: number;
  wallboardUrl: string;
  adminUserIds: number[];
  logLevel: LogLevel;
  sessionTtlHours: number;
  /** Login attempts per client address and minute, whatever the accounts tried. */
  loginRateLimitMax: number;
  /** Heavy calls (charts, summaries, exports) one user may have running at once; more wait briefly, then get 429. */
  heavyRequestsPerUser: number;
  /** A request's database work stops after this long and it answers 503 (below the console's 20 s). */
  queryTimeoutMs: number;
  /** Signs report and image links; null uses the key kept in the data dir (DATA_DIR/.link-secret). */
  reportUrlSecret: string | null;
  /** Where rendered PDF reports are cached. */
  reportCacheDir: string;
  /** Visits finished within this many days (at start, and every one while running) have their report rendered ahead; 0: none. */
  reportRenderAheadDays: number;
  /** A cached report neither rendered nor served for this many days is deleted. */
  reportCacheMaxDays: number;
  /** An active contract this many days from its end is 即将到期 and noticed through the notification rules. */
  contractRenewalNoticeDays: number;
  /** The report cache keeps its newest files up to this many MiB. */
  reportCacheMaxMb: number;
  consoleDist: string;
  /** The built wallboard (apps/wallboard/dist), served at WALLBOARD_BASE. */
  wallboardDist: string;
  /** The built field app (apps/field/dist), served at FIELD_BASE. */
  fieldDist: string;
  /** How often the live hub polls the upstream for each watched topic. */
  livePollMs: number;
  /** Origins, besides the gateway's own, whose pages may open the live socket. */
  liveAllowedOrigins: string[];
  /** Live sockets one user, and one login (token), may hold in one gateway process. */
  liveMaxSocketsPerUser: number;
  liveMaxSocketsPerToken: number;
  /** Different live subscriptions (each one a poller) one user may hold in one gateway process. */
  liveMaxSubscriptionsPerUser: number;
  /**
   * The reference backend's live writers, the device simulator and the service scheduler (with
   * the catch-up at start), and how many times real time each runs at.
   */
  simulator: boolean;
  simulatorRate: number;
  schedulerRate: number;
  /** Days an open risk of each grade may stay open before it is overdue (RISK_OVERDUE_DAYS). */
  riskOverdueDays: RiskOverdueDays;
  /** Where finished audit packs are kept (AUDIT_PACK_DIR). */
  auditPackDir: string;
  /** Stores one audit pack may hold, organisations and groups counted as their stores (AUDIT_PACK_MAX_STORES). */
  auditPackMaxStores: number;
  /**
   * Where a new demo history ends (DEMO_ANCHOR), as an ISO time in UTC (a string: the config
   * travels to the backend's process as JSON); null: the moment of seeding.
   */
  demoAnchor: string | null;
  /** A device silent for more than this many of its heartbeat intervals is declared offline; back sooner, nothing is raised. */
  offlineAfterMissedHeartbeats: number;
  /** Days a device's raw uplinks (原始数据) are kept. */
  uplinkRetentionDays: number;
  /** Object storage for uploads: where browsers POST (the reference backend's own by default). */
  ossHost: string;
  ossAccessKeyId: string;
  /** Signs upload policies; null makes one per data dir (DATA_DIR/oss/.access-key-secret). */
  ossAccessKeySecret: string | null;
  ossBucket: string;
  /** The OpenAPI document and its UI (/api-docs), off unless API_DOCS=on. */
  apiDocs: boolean;
  /** The proxies in front of the gateway whose X-Forwarded-For it believes: a hop count or addresses/ranges; null believes none. */
  trustProxy: number | string[] | null;
  /** Where people reach the console, for links in notifications (告警中心). */
  publicUrl: string;
  /** Hosts (host or host:port) notifications may reach over plain http or at private addresses: relays, test receivers. */
  notifyAllowedHosts: string[];
  /** Hosts (host or host:port) a device integration's MQTT broker may be at over plain mqtt or at a private address: the provider's own ChirpStack, MQTT_URL's. */
  integrationAllowedHosts: string[];
  /** MQTT_URL: the broker the demo's simulated fleet publishes its ChirpStack uplinks to, through an integration like any other; null reports directly. */
  mqttUrl: string | null;
  /** Seals channel secrets at rest; null uses the key kept in the data dir (DATA_DIR/.notify-secret). */
  notifySecretKey: string | null;
  /** Seals display links' tokens and short codes, and finds codes; null uses the key kept in the data dir (DATA_DIR/.display-secret). */
  displaySecretKey: string | null;
  /** smtp:// or smtps:// with credentials, for email channels; null: email channels cannot send. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** Alarms of one rule within this window go out as one message. */
  notifyDigestWindowMs: number;
  /** A delivery is marked failed after this many attempts. */
  notifyMaxAttempts: number;
  /** Connect and response timeout of one send. */
  notifyTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const SECRET_SETTINGS = new Set(['INITIAL_ADMIN_PASSWORD', 'DATABASE_URL', 'REDIS_URL', 'REPORT_URL_SECRET', 'OSS_ACCESS_KEY_SECRET', 'NOTIFY_SECRET_KEY', 'DISPLAY_SECRET_KEY', 'SMTP_URL', 'MQTT_URL']);

/**
 * Reads the configuration from the environment. Every problem is reported at once, so a
 * misconfigured deployment fails at start with one readable message instead of later.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = <T>(name: string, fallback: T, parse: (raw: string) => T): T => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    try {
      return parse(raw);
    } catch (error) {
      // A value that may hold a password or key is never repeated, not even in a start-up error.
      const shown = SECRET_SETTINGS.has(name) ? name : `${name}=${JSON.stringify(raw)}`;
      problems.push(`${shown}: ${(error as Error).message}`);
      return fallback;
    }
  };

  const dataDir = read('DATA_DIR', path.join(REPO_ROOT, 'data'), (raw) => path.resolve(raw));
  const port = read('PORT', 8080, (raw) => integerIn(raw, 0, 65535));
  const mqttUrl = read<string | null>('MQTT_URL', null, (raw) => url(raw, ['mqtt:', 'mqtts:']));
  const config: Config = {
    port,
    host: read('HOST', '0.0.0.0', (raw) => raw),
    dataDir,
    upstreamUrl: read<string | null>('UPSTREAM_URL', null, (raw) => url(raw, ['http:', 'https:'])),
    databaseUrl: read<string | null>('DATABASE_URL', null, (raw) => url(raw, ['postgres:', 'postgresql:'])),
    seedScale: read<SeedScale>('SEED_SCALE', 'medium', (raw) => oneOf(raw, SEED_SCALES)),
    demo: read('DEMO', true, (raw) => oneOf(raw, ['on', 'off']) === 'on'),
    initialAdminPassword: read<string | null>('INITIAL_ADMIN_PASSWORD', null, adminPassword),
    redisUrl: read<string | null>('REDIS_URL', null, (raw) => url(raw, ['redis:', 'rediss:'])),
    // Set below, from the settings it is derived from.
    redisPrefix: '',
    gatewayWorkers: read('GATEWAY_WORKERS', 1, (raw) => integerIn(raw, 1, 64)),
    wallboardUrl: read('WALLBOARD_URL', WALLBOARD_BASE, (raw) => (raw.startsWith('/') ? raw : url(raw, ['http:', 'https:']))),
    adminUserIds: read('ADMIN_USER_IDS', [...DEFAULT_ADMIN_USER_IDS], idList),
    logLevel: read<LogLevel>('LOG_LEVEL', 'info', (raw) => oneOf(raw, LOG_LEVELS)),
    sessionTtlHours: read('SESSION_TTL_HOURS', 24 * 7, positiveNumber),
    loginRateLimitMax: read('LOGIN_RATE_LIMIT_MAX', 20, (raw) => integerIn(raw, 1, 1_000_000)),
    heavyRequestsPerUser: read('HEAVY_REQUESTS_PER_USER', 4, (raw) => integerIn(raw, 1, 1_000)),
    queryTimeoutMs: read('QUERY_TIMEOUT_MS', 15_000, (raw) => integerIn(raw, 100, 19_000)),
    reportUrlSecret: read<string | null>('REPORT_URL_SECRET', null, secret),
    reportCacheDir: read('REPORT_CACHE_DIR', path.join(dataDir, 'reports'), (raw) => path.resolve(raw)),
    reportRenderAheadDays: read('REPORT_RENDER_AHEAD_DAYS', 3, (raw) => integerIn(raw, 0, 30)),
    reportCacheMaxDays: read('REPORT_CACHE_MAX_DAYS', 30, (raw) => integerIn(raw, 1, 3650)),
    contractRenewalNoticeDays: read('CONTRACT_RENEWAL_NOTICE_DAYS', 30, (raw) => integerIn(raw, 1, 365)),
    reportCacheMaxMb: read('REPORT_CACHE_MAX_MB', 1024, (raw) => integerIn(raw, 1, 1_048_576)),
    livePollMs: read('LIVE_POLL_MS', 3_000, (raw) => integerIn(raw, 100, 600_000)),
    liveAllowedOrigins: read('LIVE_ALLOWED_ORIGINS', [], originList),
    liveMaxSocketsPerUser: read('LIVE_MAX_SOCKETS_PER_USER', 20, (raw) => integerIn(raw, 1, 1_000_000)),
    liveMaxSocketsPerToken: read('LIVE_MAX_SOCKETS_PER_TOKEN', 10, (raw) => integerIn(raw, 1, 1_000_000)),
    liveMaxSubscriptionsPerUser: read('LIVE_MAX_SUBSCRIPTIONS_PER_USER', 40, (raw) => integerIn(raw, 1, 1_000_000)),
    simulator: read('SIMULATOR', true, (raw) => oneOf(raw, ['on', 'off']) === 'on'),
    simulatorRate: read('SIMULATOR_RATE', 1, (raw) => Math.min(positiveNumber(raw), 1000)),
    schedulerRate: read('SCHEDULER_RATE', 1, (raw) => Math.min(positiveNumber(raw), 100_000)),
    riskOverdueDays: read('RISK_OVERDUE_DAYS', DEFAULT_RISK_OVERDUE_DAYS, parseRiskOverdueDays),
    auditPackDir: read('AUDIT_PACK_DIR', path.join(dataDir, 'audit-packs'), (raw) => path.resolve(raw)),
    auditPackMaxStores: read('AUDIT_PACK_MAX_STORES', DEFAULT_AUDIT_PACK_MAX_STORES, (raw) => integerIn(raw, 1, 10_000)),
    demoAnchor: read<string | null>('DEMO_ANCHOR', null, instant),
    // The same default as DEFAULT_OFFLINE_AFTER_MISSED_HEARTBEATS (backend/common/offline-rule.ts), which the history is generated with.
    offlineAfterMissedHeartbeats: read('OFFLINE_AFTER_MISSED_HEARTBEATS', 3, (raw) => integerIn(raw, 1, 1_000)),
    uplinkRetentionDays: read('UPLINK_RETENTION_DAYS', UPLINK_RETENTION_DAYS, (raw) => integerIn(raw, 1, 3_650)),
    ossHost: read('OSS_HOST', OSS_PUBLIC_PATH, (raw) => url(raw, ['http:', 'https:'])),
    ossAccessKeyId: read('OSS_ACCESS_KEY_ID', 'reference-backend', (raw) => raw),
    ossAccessKeySecret: read<string | null>('OSS_ACCESS_KEY_SECRET', null, (raw) => raw),
    ossBucket: read('OSS_BUCKET', 'pest-console', (raw) => raw),
    consoleDist: read('CONSOLE_DIST', path.join(REPO_ROOT, 'apps/console/dist'), (raw) => path.resolve(raw)),
    wallboardDist: read('WALLBOARD_DIST', path.join(REPO_ROOT, 'apps/wallboard/dist'), (raw) => path.resolve(raw)),
    fieldDist: read('FIELD_DIST', path.join(REPO_ROOT, 'apps/field/dist'), (raw) => path.resolve(raw)),
    apiDocs: read('API_DOCS', false, (raw) => oneOf(raw, ['on', 'off']) === 'on'),
    trustProxy: read<number | string[] | null>('TRUST_PROXY', null, trustedProxies),
    // Unset, notifications link to this machine on the port the product listens on.
    publicUrl: read('PUBLIC_URL', `http://localhost:${port}`, (raw) => url(raw, ['http:', 'https:'])),
    notifyAllowedHosts: read('NOTIFY_ALLOWED_HOSTS', [], hostList),
    // The demo's broker (MQTT_URL) is the operator's own: its integration may connect to it.
    integrationAllowedHosts: [...read('INTEGRATION_ALLOWED_HOSTS', [], hostList), ...(mqttUrl ? [brokerHost(mqttUrl)] : [])],
    mqttUrl,
    notifySecretKey: read<string | null>('NOTIFY_SECRET_KEY', null, secret),
    displaySecretKey: read<string | null>('DISPLAY_SECRET_KEY', null, secret),
    smtpUrl: read<string | null>('SMTP_URL', null, (raw) => url(raw, ['smtp:', 'smtps:'])),
    smtpFrom: read('SMTP_FROM', '虫害监测告警 <alarm@localhost>', (raw) => raw),
    notifyDigestWindowMs: read('NOTIFY_DIGEST_WINDOW_MS', 30_000, (raw) => integerIn(raw, 0, 3_600_000)),
    notifyMaxAttempts: read('NOTIFY_MAX_ATTEMPTS', 8, (raw) => integerIn(raw, 1, 100)),
    notifyTimeoutMs: read('NOTIFY_TIMEOUT_MS', 10_000, (raw) => integerIn(raw, 100, 120_000)),
  };

  const redisPrefix = env.REDIS_PREFIX;
  if (redisPrefix !== undefined && !REDIS_PREFIX_PATTERN.test(redisPrefix)) {
    problems.push(`REDIS_PREFIX=${JSON.stringify(redisPrefix)}: expected 1 to 64 letters, digits or . _ : -; leave it unset for one derived from the database`);
  }
  // The simulator and the service scheduler invent the demo's devices' reports and staff's visits:
  // never on a real provider's data, whatever SIMULATOR says.
  if (!config.demo) config.simulator = false;
  config.redisPrefix = redisPrefix !== undefined && REDIS_PREFIX_PATTERN.test(redisPrefix) ? redisPrefix : defaultRedisPrefix(config);

  // Each gateway process has its own live hub; without Redis one process would not see another's
  // logouts, and each would poll every topic itself.
  if (config.gatewayWorkers > 1 && !config.redisUrl) problems.push('GATEWAY_WORKERS above 1 needs REDIS_URL: the live hubs of the gateway processes share their rooms, polls and logouts through Redis');
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return config;
}

const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * What makes two processes one deployment: the upstream they all front (a gateway alone), else the
 * database's host, port and name (never its password), else the embedded database's directory.
 * Hashed, so neither the address nor the path appears in Redis.
 */
export function defaultRedisPrefix({ upstreamUrl, databaseUrl, dataDir }: Pick<Config, 'upstreamUrl' | 'databaseUrl' | 'dataDir'>): string {
  let identity: string;
  if (upstreamUrl) {
    const upstream = new URL(upstreamUrl);
    identity = `upstream\n${upstream.protocol}//${upstream.host}${upstream.pathname}`;
  } else if (databaseUrl) {
    const database = new URL(databaseUrl);
    identity = `postgres\n${database.hostname}\n${database.port || '5432'}\n${decodeURIComponent(database.pathname.slice(1))}`;
  } else {
    identity = `embedded\n${path.join(dataDir, 'db')}`;
  }
  return `pest-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/**
 * The start banner's warning when notifications would link to an address only this machine can
 * open (PUBLIC_URL unset or local); null when PUBLIC_URL names a real one.
 */
export function publicUrlWarning({ publicUrl }: Pick<Config, 'publicUrl'>): string | null {
  const host = new URL(publicUrl).hostname;
  if (!LOCAL_HOSTS.has(host) && !host.startsWith('127.') && !host.endsWith('.localhost')) return null;
  return `Warning: PUBLIC_URL is ${publicUrl}, so the links in notifications (告警中心) open only on this machine; set PUBLIC_URL to the address people reach the console at`;
}

function integerIn(raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new Error(`expected an integer from ${min} to ${max}`);
  return value;
}

function positiveNumber(raw: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0) throw new Error('expected a positive number');
  return value;
}

/** An ISO 8601 date and time with its offset or Z, as `2026-11-01T09:00:00+08:00`. */
function instant(raw: string): string {
  const value = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(value.getTime())) {
    throw new Error('expected an ISO 8601 time with its offset, as 2026-11-01T09:00:00+08:00');
  }
  return value.toISOString();
}

function idList(raw: string): number[] {
  const parts = raw.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0 || !parts.every((part) => /^[1-9]\d*$/.test(part))) {
    throw new Error('expected a comma-separated list of positive integer user ids');
  }
  return parts.map(Number);
}

function originList(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((origin) => {
      const parsed = new URL(url(origin, ['http:', 'https:']));
      if (parsed.origin !== origin.replace(/\/+$/, '')) throw new Error(`expected origins like https://host:port, got ${origin}`);
      return parsed.origin;
    });
}

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: how many proxies stand in front of the gateway, or their addresses and CIDR ranges
 * (Fastify's trustProxy). Never "trust everything": then any client could name its own address.
 */
function trustedProxies(raw: string): number | string[] {
  if (/^\d+$/.test(raw)) return integerIn(raw, 1, 20);
  const parts = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const valid = (part: string) => {
    if (PROXY_PRESETS.includes(part)) return true;
    const [address = '', bits, extra] = part.split('/');
    const version = isIP(address);
    if (!version || extra !== undefined) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  };
  if (parts.length === 0 || !parts.every(valid)) {
    throw new Error(`expected a number of hops, or comma-separated addresses, CIDR ranges or ${PROXY_PRESETS.join('/')}`);
  }
  return parts;
}

/** The first administrator's password: as long as the change-password form asks of any new one. */
function adminPassword(raw: string): string {
  if (raw.length < NEW_PASSWORD_MIN_LENGTH) throw new Error(`expected at least ${NEW_PASSWORD_MIN_LENGTH} characters`);
  return raw;
}

/** A signing secret short enough to guess is worse than the random one a process makes itself. */
function secret(raw: string): string {
  if (raw.length < 32) throw new Error('expected at least 32 characters');
  return raw;
}

function oneOf<T extends string>(raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`expected one of ${allowed.join(', ')}`);
  return raw as T;
}

function hostList(raw: string): string[] {
  return raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

/** A broker's host:port as an allow list names it (MQTT's port when the URL gives none). */
function brokerHost(raw: string): string {
  const parsed = new URL(raw);
  return `${parsed.hostname.toLowerCase()}:${parsed.port || (parsed.protocol === 'mqtts:' ? '8883' : '1883')}`;
}

/** Validates a URL and drops trailing slashes, so paths can be appended to it. */
function url(raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`expected a ${protocols.join(' or ')} URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`expected a ${protocols.join(' or ')} URL`);
  return raw.replace(/\/+$/, '');
}
