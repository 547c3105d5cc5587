import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_OVERDUE_DAYS } from '@pest/shared';
import { ConfigError, loadConfig, publicUrlWarning, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('links notifications to the port the product listens on unless PUBLIC_URL is set, and warns of a local address', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PORT: '9090', PUBLIC_URL: 'https://pest.example.com' }).publicUrl).toBe('https://pest.example.com');
    expect(publicUrlWarning(loadConfig({ PORT: '9090' }))).toContain('PUBLIC_URL is http://localhost:9090');
    for (const local of ['http://127.0.0.1:8080', 'http://[::1]:8080', 'http://0.0.0.0']) expect(publicUrlWarning({ publicUrl: local })).not.toBeNull();
    expect(publicUrlWarning({ publicUrl: 'https://pest.example.com' })).toBeNull();
    expect(publicUrlWarning({ publicUrl: 'http://10.0.0.5:8080' })).toBeNull();
  });

  it('has defaults that run the demo from a fresh clone', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      upstreamUrl: null,
      databaseUrl: null,
      seedScale: 'medium',
      demo: true,
      initialAdminPassword: null,
      redisUrl: null,
      redisPrefix: expect.stringMatching(/^pest-[0-9a-f]{16}$/),
      gatewayWorkers: 1,
      wallboardUrl: '/wallboard/',
      adminUserIds: [1, 2],
      logLevel: 'info',
      sessionTtlHours: 168,
      loginRateLimitMax: 20,
      heavyRequestsPerUser: 4,
      queryTimeoutMs: 15000,
      reportUrlSecret: null,
      reportCacheDir: path.join(REPO_ROOT, 'data', 'reports'),
      reportRenderAheadDays: 3,
      contractRenewalNoticeDays: 30,
      reportCacheMaxDays: 30,
      reportCacheMaxMb: 1024,
      consoleDist: path.join(REPO_ROOT, 'apps/console/dist'),
      wallboardDist: path.join(REPO_ROOT, 'apps/wallboard/dist'),
      fieldDist: path.join(REPO_ROOT, 'apps/field/dist'),
      livePollMs: 3000,
      liveAllowedOrigins: [],
      liveMaxSocketsPerUser: 20,
      liveMaxSocketsPerToken: 10,
      liveMaxSubscriptionsPerUser: 40,
      simulator: true,
      simulatorRate: 1,
      schedulerRate: 1,
      riskOverdueDays: DEFAULT_RISK_OVERDUE_DAYS,
      auditPackDir: path.join(REPO_ROOT, 'data', 'audit-packs'),
      auditPackMaxStores: 50,
      demoAnchor: null,
      offlineAfterMissedHeartbeats: 3,
      uplinkRetentionDays: 30,
      ossHost: '/api/oss',
      ossAccessKeyId: 'reference-backend',
      ossAccessKeySecret: null,
      ossBucket: 'pest-console',
      apiDocs: false,
      trustProxy: null,
      publicUrl: 'http://localhost:8080',
      notifyAllowedHosts: [],
      integrationAllowedHosts: [],
      mqttUrl: null,
      notifySecretKey: null,
      displaySecretKey: null,
      smtpUrl: null,
      smtpFrom: '虫害监测告警 <alarm@localhost>',
      notifyDigestWindowMs: 30000,
      notifyMaxAttempts: 8,
      notifyTimeoutMs: 10000,
    });
  });

  it('reads and normalises the environment', () => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: 'tmp/data',
      UPSTREAM_URL: 'https://provider.example.com/',
      DATABASE_URL: 'postgres://app@db:5432/pest',
      ADMIN_USER_IDS: ' 7, 8 ',
      WALLBOARD_URL: 'https://screen.example.com/board',
      SESSION_TTL_HOURS: '0.5',
      LOGIN_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      SEED_SCALE: 'large',
      API_DOCS: 'on',
      TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, loopback',
      LIVE_POLL_MS: '500',
      LIVE_ALLOWED_ORIGINS: 'http://localhost:5173, https://screen.example.com/',
      SIMULATOR: 'off',
      SIMULATOR_RATE: '0.5',
      SCHEDULER_RATE: '60',
      RISK_OVERDUE_DAYS: 'high=3, low=60',
      DEMO_ANCHOR: '2026-11-01T09:00:00+08:00',
      OFFLINE_AFTER_MISSED_HEARTBEATS: '5',
      OSS_HOST: 'https://pest.oss-cn-hangzhou.aliyuncs.com/',
      OSS_ACCESS_KEY_ID: 'LTAI-example',
      OSS_ACCESS_KEY_SECRET: 'example-secret',
      OSS_BUCKET: 'pest',
      PUBLIC_URL: 'https://pest.example.com/',
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1:4010, Relay.Local',
      SMTP_URL: 'smtps://alarm:pw@smtp.example.com:465',
      NOTIFY_DIGEST_WINDOW_MS: '0',
      INTEGRATION_ALLOWED_HOSTS: 'ChirpStack.Local, 10.0.0.5:1883',
      MQTT_URL: 'mqtt://demo:pw@broker.local',
    });
    expect(config).toMatchObject({
      port: 0,
      dataDir: path.resolve('tmp/data'),
      upstreamUrl: 'https://provider.example.com',
      databaseUrl: 'postgres://app@db:5432/pest',
      adminUserIds: [7, 8],
      wallboardUrl: 'https://screen.example.com/board',
      sessionTtlHours: 0.5,
      riskOverdueDays: { 3: 3, 2: 14, 1: 60 },
      loginRateLimitMax: 1000,
      logLevel: 'warn',
      seedScale: 'large',
      livePollMs: 500,
      liveAllowedOrigins: ['http://localhost:5173', 'https://screen.example.com'],
      simulator: false,
      simulatorRate: 0.5,
      schedulerRate: 60,
      demoAnchor: '2026-11-01T01:00:00.000Z',
      offlineAfterMissedHeartbeats: 5,
      ossHost: 'https://pest.oss-cn-hangzhou.aliyuncs.com',
      ossAccessKeyId: 'LTAI-example',
      ossAccessKeySecret: 'example-secret',
      ossBucket: 'pest',
      apiDocs: true,
      trustProxy: ['10.0.0.0/8', '192.0.2.7', 'loopback'],
      publicUrl: 'https://pest.example.com',
      notifyAllowedHosts: ['127.0.0.1:4010', 'relay.local'],
      smtpUrl: 'smtps://alarm:pw@smtp.example.com:465',
      notifyDigestWindowMs: 0,
      // The demo's broker is allowed by being named: at MQTT's port when the URL gives none.
      integrationAllowedHosts: ['chirpstack.local', '10.0.0.5:1883', 'broker.local:1883'],
      mqttUrl: 'mqtt://demo:pw@broker.local',
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('runs several gateway processes only with the Redis their live hubs share', () => {
    expect(loadConfig({}).gatewayWorkers).toBe(1);
    expect(loadConfig({ GATEWAY_WORKERS: '4', REDIS_URL: 'redis://127.0.0.1:6379' }).gatewayWorkers).toBe(4);
    expect(() => loadConfig({ GATEWAY_WORKERS: '2' })).toThrow('GATEWAY_WORKERS above 1 needs REDIS_URL');
    expect(() => loadConfig({ GATEWAY_WORKERS: '0' })).toThrow('GATEWAY_WORKERS="0": expected an integer from 1 to 64');
  });

  it('gives each deployment its own Redis prefix, derived from what it serves, and refuses an empty one', () => {
    const prefix = (env: Record<string, string>) => loadConfig(env).redisPrefix;
    const database = 'postgres://pest:secret@db.example.com:5432/pest';
    // One database, one deployment: whatever its password or the process's data directory.
    expect(prefix({ DATABASE_URL: database, DATA_DIR: '/srv/a' })).toBe(prefix({ DATABASE_URL: 'postgres://pest:other@db.example.com/pest', DATA_DIR: '/srv/b' }));
    expect(prefix({ DATABASE_URL: database })).not.toBe(prefix({ DATABASE_URL: 'postgres://pest:secret@db.example.com:5432/pest2' }));
    expect(prefix({ DATABASE_URL: database })).not.toBe(prefix({ DATABASE_URL: 'postgres://pest:secret@db2.example.com:5432/pest' }));
    expect(prefix({ DATABASE_URL: database })).not.toContain('secret');
    expect(prefix({ DATA_DIR: '/srv/a' })).not.toBe(prefix({ DATA_DIR: '/srv/b' }));
    expect(prefix({ DATA_DIR: '/srv/a' })).toBe(prefix({ DATA_DIR: '/srv/a/../a' }));
    // A gateway alone fronts an upstream: that is its deployment, not its unused local directory.
    expect(prefix({ UPSTREAM_URL: 'https://api.example.com', DATA_DIR: '/srv/a' })).toBe(prefix({ UPSTREAM_URL: 'https://api.example.com/', DATA_DIR: '/srv/b' }));
    expect(prefix({ UPSTREAM_URL: 'https://api.example.com' })).not.toBe(prefix({ UPSTREAM_URL: 'https://api2.example.com' }));
    expect(prefix({ REDIS_PREFIX: 'plant-7', DATABASE_URL: database })).toBe('plant-7');
    expect(() => loadConfig({ REDIS_PREFIX: '' })).toThrow('REDIS_PREFIX="": expected 1 to 64 letters');
    expect(() => loadConfig({ REDIS_PREFIX: 'two words' })).toThrow('REDIS_PREFIX="two words"');
  });

  it('reports every bad value at once, by name', () => {
    const load = () =>
      loadConfig({
        PORT: '80a',
        UPSTREAM_URL: 'ftp://x',
        ADMIN_USER_IDS: '1,admin',
        LOG_LEVEL: 'loud',
        WALLBOARD_URL: 'wallboard',
        SEED_SCALE: 'huge',
        REPORT_URL_SECRET: 'short',
        LIVE_ALLOWED_ORIGINS: 'https://screen.example.com/board',
        API_DOCS: 'yes',
        TRUST_PROXY: 'true',
        OFFLINE_AFTER_MISSED_HEARTBEATS: '0',
        SMTP_URL: 'http://alarm:hunter2@smtp.example.com',
        DEMO_ANCHOR: '2026-11-01 09:00',
        DEMO: 'no',
        INITIAL_ADMIN_PASSWORD: 'pw-1234',
      });
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT="80a"', 'UPSTREAM_URL="ftp://x"', 'ADMIN_USER_IDS="1,admin"', 'LOG_LEVEL="loud"', 'WALLBOARD_URL="wallboard"', 'SEED_SCALE="huge"', 'REPORT_URL_SECRET: expected', 'SMTP_URL: expected', 'LIVE_ALLOWED_ORIGINS=', 'API_DOCS="yes"', 'TRUST_PROXY="true"', 'OFFLINE_AFTER_MISSED_HEARTBEATS="0"', 'DEMO_ANCHOR="2026-11-01 09:00"', 'DEMO="no"', 'INITIAL_ADMIN_PASSWORD: expected at least 8']) {
      expect(message).toContain(name);
    }
    // Settings that may hold a password or key are named, never repeated.
    expect(message).not.toContain('short');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('pw-1234');
  });

  it('runs no simulator with DEMO=off, whatever SIMULATOR says: it would invent reports of real devices', () => {
    expect(loadConfig({ DEMO: 'off', SIMULATOR: 'on' })).toMatchObject({ demo: false, simulator: false, initialAdminPassword: null });
    expect(loadConfig({ DEMO: 'on', SIMULATOR: 'on' })).toMatchObject({ demo: true, simulator: true });
    expect(loadConfig({ DEMO: 'off', INITIAL_ADMIN_PASSWORD: 'a-long-enough-one' }).initialAdminPassword).toBe('a-long-enough-one');
  });
});
