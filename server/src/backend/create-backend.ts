import { availableParallelism } from 'node:os';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { ALARM_CENTER_PATH, CONTRACT_LIST_PATH, ApiMessages } from '@pest/shared';
import { systemClock, type Clock } from '../clock/clock.ts';
import type { Config } from '../config.ts';
import { alarmRoutes } from './alarms/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { chartRoutes } from './charts/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { serviceConfigRoutes } from './service-config/routes.ts';
import { visitRoutes } from './visits/routes.ts';
import { fieldRoutes } from './field/routes.ts';
import { fieldDoors } from './field/field-doors.ts';
import { materialRoutes } from './materials/routes.ts';
import { contractRoutes } from './contracts/routes.ts';
import { contractRenewalWatch } from './contracts/renewal-watch.ts';
import { contentRoutes } from './content/routes.ts';
import { handleAlarms } from './alarms/alarm-actions.ts';
import { deviceRegistrationRoutes } from './devices/registration-routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { CodecSandbox } from './devices/models/codec-sandbox.ts';
import { deviceModelRoutes } from './devices/models/model-routes.ts';
import { uplinkRoutes } from './devices/ingest/uplink-routes.ts';
import { uplinkPruning } from './devices/ingest/uplink-pruning.ts';
import { createIntegrationRunner } from './devices/integrations/integration-runner.ts';
import { integrationRoutes } from './devices/integrations/integration-routes.ts';
import { saveIntegration } from './devices/integrations/integration-writes.ts';
import { saveDeviceModel } from './devices/models/model-writes.ts';
import { webhookRoutes } from './devices/integrations/webhook-routes.ts';
import { deviceImporter } from './devices/device-import.ts';
import { storeImporter } from './customers/store-import.ts';
import { pointImporter } from './service-config/point-import.ts';
import { importRoutes } from './imports/routes.ts';
import { displaySecrets } from './display/display-secrets.ts';
import { displayViewer } from './display/display-viewer.ts';
import { displayRoutes } from './display/routes.ts';
import type { Db } from './db/db.ts';
import { dataDirSecret } from './data-dir-secret.ts';
import { ApiError } from './envelope.ts';
import { formatValidationErrors, sendErrorEnvelope, sendNotFoundEnvelope } from './error-handler.ts';
import { openFileStores } from './files/file-stores.ts';
import { reportFiles } from './job-orders/report-files.ts';
import { startRenderAhead, type RenderAhead } from './job-orders/report-render-ahead.ts';
import { jobOrderRoutes } from './job-orders/routes.ts';
import { imageAccess } from './links/image-access.ts';
import { signedLinks } from './links/signed-links.ts';
import { createFairLimiter } from './load/fair-limiter.ts';
import { createRateLimitStore } from './load/rate-limit-store.ts';
import { registerLoadControl } from './load/load-control.ts';
import { registerOpenApi } from './openapi.ts';
import { createChannelSender } from './notify/channel-send.ts';
import { startOutboxWorker } from './notify/outbox-worker.ts';
import { notifyRoutes } from './notify/routes.ts';
import { createSecretBox } from './common/secret-box.ts';
import { planRoutes } from './plans/routes.ts';
import { providerDocumentRoutes } from './provider-documents/routes.ts';
import { regionRoutes } from './regions/routes.ts';
import { authenticate } from './session/authenticate.ts';
import { startHousekeeping } from './session/housekeeping.ts';
import { startPgliteMaintenance } from './db/pglite-maintenance.ts';
import { sessionRoutes } from './session/routes.ts';
import { serviceActivityRoutes } from './service-activity/routes.ts';
import { offlineWatch } from './devices/offline-watch.ts';
import { heartbeatPruning } from './devices/heartbeat-pruning.ts';
import { overdueWatch } from './job-orders/overdue-watch.ts';
import { startPeriodicSweep, type PeriodicSweep } from './common/periodic-sweep.ts';
import { HEARTBEAT_INTERVAL_MS } from './common/offline-rule.ts';
import type { DemoWorld, RunningDemo } from './demo-world.ts';
import { demoFillRoutes } from './living/demo-fill-routes.ts';
import { summaryRoutes } from './summaries/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { objectStoreRoutes } from './uploads/object-store.ts';
import { uploadRoutes } from './uploads/routes.ts';
import type { RiskAgeing } from './common/risk-ageing-sql.ts';
import { auditPackRoutes } from './audit-pack/routes.ts';
import { packProcessBuild } from './audit-pack/pack-process.ts';
import { startPackRunner, type PackRunner } from './audit-pack/pack-runner.ts';
import { serializerCompiler } from './validation/serializer-compiler.ts';
import { validatorCompiler } from './validation/validator-compiler.ts';

/** How often the product's rules look at the data: an offline alarm comes at most this long after its window. */
const RULE_SWEEP_EVERY_MS = 60_000;

export interface BackendOptions {
  db: Db;
  logger: FastifyBaseLogger;
  config: Pick<
    Config,
    | 'adminUserIds' | 'sessionTtlHours' | 'loginRateLimitMax' | 'reportUrlSecret' | 'reportCacheDir' | 'apiDocs'
    | 'reportRenderAheadDays' | 'reportCacheMaxDays' | 'reportCacheMaxMb' | 'contractRenewalNoticeDays'
    | 'dataDir' | 'simulator' | 'simulatorRate' | 'schedulerRate' | 'offlineAfterMissedHeartbeats' | 'ossHost' | 'ossAccessKeyId' | 'ossAccessKeySecret' | 'ossBucket'
    | 'heavyRequestsPerUser' | 'queryTimeoutMs' | 'riskOverdueDays' | 'auditPackDir' | 'auditPackMaxStores' | 'databaseUrl'
    | 'publicUrl' | 'notifyAllowedHosts' | 'notifySecretKey' | 'displaySecretKey' | 'smtpUrl' | 'smtpFrom' | 'notifyDigestWindowMs' | 'notifyMaxAttempts' | 'notifyTimeoutMs' | 'uplinkRetentionDays' | 'integrationAllowedHosts' | 'mqttUrl'
    | 'redisUrl' | 'redisPrefix'
  >;
  /** What the live writers (device simulator, service scheduler) tick on; the system's unless a test moves time itself. */
  clock?: Clock;
  /** How often devices report (HEARTBEAT_INTERVAL_MS, 6 h): a test shortens it so the offline window passes in minutes of its manual clock. */
  heartbeatIntervalMs?: number;
  /** Told the start banner's lines: what the start-up catch-up filled in, what is still being filled in. */
  onBanner?: (line: string) => void;
  /** The demo's world (DEMO=on), handed in by the composition root; none for a provider's own data. */
  demoWorld?: DemoWorld;
  /** The background demo fill waits for this first: a test looks at the product before it. */
  demoFillAfter?: Promise<void>;
}

/**
 * The reference backend: the /api contract on the database. It is reached only through the
 * gateway on the same machine, so X-Forwarded-For from loopback tells the client's address, and
 * the gateway's access log, whose request id comes along as X-Request-Id, covers every request:
 * the backend logs only what goes wrong.
 */
export async function createBackend({ db, logger, config, clock, heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS, onBanner, demoWorld, demoFillAfter }: BackendOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: 'loopback',
    requestIdHeader: 'x-request-id',
    logController: new LogController({ disableRequestLogging: true }),
    // A malformed or over-long path parameter is refused by the router itself: in the envelope too.
    frameworkErrors: sendErrorEnvelope,
    // onReady runs the start's catch-up (up to 30 days of business, in the writers' transactions,
    // which the roll-ups' triggers follow): Fastify's 10 s default failed a loaded CI machine's
    // start for 24 days of the small seed. Ten minutes still ends a start that hangs.
    pluginTimeout: 600_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Unknown body properties are dropped, bodies never coerced, query integers strictly decimal.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter(formatValidationErrors);
  app.setErrorHandler(sendErrorEnvelope);
  app.setNotFoundHandler(sendNotFoundEnvelope);
  app.decorateRequest('scope', null);

  const rateLimits = createRateLimitStore(config, logger.child({ component: 'rate-limit' }));
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, {
    global: false,
    ...rateLimits.options,
    errorResponseBuilder: () => new ApiError(429, ApiMessages.tooManyRequests),
  });
  await registerOpenApi(app, config);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.query('select 1');
    return { status: 'ok' };
  });

  const limiter = createFairLimiter({
    perUser: config.heavyRequestsPerUser,
    // PGlite runs one statement at a time: two heavy requests keep it busy between interactive
    // statements. On PostgreSQL, heavy statements beyond the cores only queue for CPU (and take
    // it from the gateway): one per core, at least two, leaving most of the pool of 10 free.
    total: db.driver === 'pglite' ? 2 : Math.max(2, Math.min(6, availableParallelism())),
    queuePerUser: config.heavyRequestsPerUser * 4,
  });
  let loadStats = () => ({ running: 0, waiting: 0, shared: 0 });
  // Not under /api, so not proxied: the gateway's machine (loopback) and the load tests read it.
  app.get('/loadz', { schema: { hide: true } }, async () => loadStats());

  // One key signs report and image links: REPORT_URL_SECRET, else one kept with the data, so links survive restarts.
  const linkSecret = config.reportUrlSecret ?? (await dataDirSecret(path.join(config.dataDir, '.link-secret')));
  const images = imageAccess(db, signedLinks(linkSecret));
  const objectDir = path.join(config.dataDir, 'oss', 'objects');
  // Packs, uploads and cached reports: in the database every instance shares on PostgreSQL, else beside PGlite.
  const files = openFileStores(db, { packs: config.auditPackDir, uploads: objectDir, reports: config.reportCacheDir }, logger.child({ component: 'files' }));
  // Packs are built by every process on the database (each job claimed once), one at a time each,
  // from when the routes are ready until the database closes.
  let packRunner: PackRunner | undefined;
  app.addHook('onReady', async () => {
    const packLogger = logger.child({ component: 'audit-pack' });
    packRunner = startPackRunner(db, packLogger, {
      dir: config.auditPackDir,
      packs: files.packs,
      clock,
      riskOverdueDays: config.riskOverdueDays,
      objectDir,
      build: packProcessBuild({ databaseUrl: db.driver === 'postgres' ? config.databaseUrl : null, db }, (job, peakRssKb) =>
        packLogger.debug({ pack: job.id, peakRssMb: Math.round(peakRssKb / 1024) }, 'audit pack built'),
      ),
    });
  });
  app.addHook('onClose', async () => packRunner?.stop());
  // Risks age on the backend's clock, so a test that sets the moment sees the ages of that moment.
  const riskAgeing = (): RiskAgeing => ({ now: new Date((clock ?? systemClock).now()), limits: config.riskOverdueDays });
  // Channel secrets are sealed under NOTIFY_SECRET_KEY, else a key kept with the data.
  const notifyBox = createSecretBox(config.notifySecretKey ?? (await dataDirSecret(path.join(config.dataDir, '.notify-secret'))));
  // Payload codecs, untrusted code, run here: one engine for the HTTP trial and the uplinks alike.
  const codecs = new CodecSandbox();
  const uplinkPipeline = { db, sandbox: codecs, now: () => new Date((clock ?? systemClock).now()) };
  // Its polling is the machine's business, on real time: a test's clock moving hours would only make it poll thousands of times.
  const integrationAllowedHosts = new Set(config.integrationAllowedHosts);
  const integrationRunner = createIntegrationRunner({
    db,
    box: notifyBox,
    pipeline: uplinkPipeline,
    logger: logger.child({ component: 'integrations' }),
    allowedHosts: integrationAllowedHosts,
  });
  const allowedHosts = new Set(config.notifyAllowedHosts);
  const channelSender = createChannelSender({
    box: notifyBox,
    allowedHosts,
    timeoutMs: config.notifyTimeoutMs,
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    now: () => Date.now(),
  });
  // Display links' tokens and short codes are sealed, and codes looked up, under DISPLAY_SECRET_KEY, else a key kept with the data.
  const displayKey = config.displaySecretKey ?? (await dataDirSecret(path.join(config.dataDir, '.display-secret')));
  const displayKeys = displaySecrets(displayKey, createSecretBox(displayKey));
  const alarmCenterUrl = `${config.publicUrl}${ALARM_CENTER_PATH}`;
  const reports = reportFiles({
    store: files.reports,
    clock,
    limits: { maxAgeMs: config.reportCacheMaxDays * 86_400_000, maxBytes: config.reportCacheMaxMb * 1024 * 1024 },
  });
  let renderAhead: RenderAhead | undefined;
  const field = fieldDoors({
    db,
    imageBase: config.ossHost,
    handleAlarms: (scope, ids, note, actor) => handleAlarms(db, scope, ids, note, [], actor),
    onVisitFinished: () => renderAhead?.wake(),
    logger: logger.child({ component: 'field' }),
  });
  // The demo's fill, scans and live writers: hooks of their own, before the product's rules below.
  const runningDemo: RunningDemo | undefined = demoWorld?.attach(app, {
    db,
    logger,
    config,
    clock,
    onBanner,
    fillAfter: demoFillAfter,
    uploads: files.uploads,
    onVisitsFinished: () => renderAhead?.wake(),
    field,
    connectivity: {
      saveModel: (tx, body) => saveDeviceModel(tx, codecs, body),
      saveIntegration: (tx, body) => saveIntegration(tx, notifyBox, body, integrationAllowedHosts),
      reloadIntegrations: () => integrationRunner.reload(),
    },
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(db, displayViewer(db, () => (clock ?? systemClock).now())));
      loadStats = registerLoadControl(api, { limiter, timeoutMs: config.queryTimeoutMs }).stats;
      // Unknown /api paths pass the same hook: without a session they answer 401, not 404.
      api.setNotFoundHandler(sendNotFoundEnvelope);
      await api.register(sessionRoutes, {
        db,
        sessionTtlHours: config.sessionTtlHours,
        loginRateLimitMax: config.loginRateLimitMax,
      });
      await api.register(regionRoutes, { db });
      await api.register(catalogRoutes, { db });
      await api.register(customerRoutes, { db });
      await api.register(accountRoutes, { db });
      await api.register(serviceConfigRoutes, { db, imageBase: config.ossHost });
      await api.register(visitRoutes, { db, now: () => new Date((clock ?? systemClock).now()) });
      await api.register(materialRoutes, { db, fileBase: config.ossHost, images });
      await api.register(contractRoutes, { db, fileBase: config.ossHost, images, now: () => new Date((clock ?? systemClock).now()), renewalNoticeDays: config.contractRenewalNoticeDays });
      await api.register(contentRoutes, { db, fileBase: config.ossHost, images });
      await api.register(fieldRoutes, { db, now: () => new Date((clock ?? systemClock).now()), doors: field });
      await api.register(planRoutes, { db });
      await api.register(jobOrderRoutes, { db, reports: { urlSecret: linkSecret, files: reports }, uploads: files.uploads });
      await api.register(summaryRoutes, { db, images, ageing: riskAgeing });
      await api.register(chartRoutes, { db, images, ageing: riskAgeing });
      await api.register(serviceActivityRoutes, { db, clock: clock ?? systemClock });
      await api.register(deviceRoutes, { db, imageBase: config.ossHost, images });
      await api.register(deviceRegistrationRoutes, { db });
      await api.register(deviceModelRoutes, { db, sandbox: codecs });
      await api.register(uplinkRoutes, { db, pipeline: uplinkPipeline });
      await api.register(integrationRoutes, { db, box: notifyBox, runner: integrationRunner, publicUrl: config.publicUrl, allowedHosts: integrationAllowedHosts });
      await api.register(webhookRoutes, { db, box: notifyBox, runner: integrationRunner, now: uplinkPipeline.now });
      await api.register(importRoutes, { db, uploads: files.uploads, limiter, importers: { device: deviceImporter, store: storeImporter, point: pointImporter } });
      await api.register(alarmRoutes, { db, imageBase: config.ossHost, images, clock: clock ?? systemClock });
      await api.register(demoFillRoutes, { filling: () => runningDemo?.filling() ?? [] });
      await api.register(displayRoutes, { db, clock: clock ?? systemClock, secrets: displayKeys });
      await api.register(notifyRoutes, {
        db,
        box: notifyBox,
        allowedHosts,
        send: channelSender.send,
        // 发送测试 is a heavy route: its answer, the log's update included, must come before the 503 at QUERY_TIMEOUT_MS.
        testTimeoutMs: Math.min(config.notifyTimeoutMs, Math.floor(config.queryTimeoutMs * 0.75)),
        alarmCenterUrl,
      });
      // Packs are built by every process on the database (each job claimed once), one at a time each.
      await api.register(auditPackRoutes, { db, wake: () => packRunner?.wake(), links: signedLinks(linkSecret), packs: files.packs, maxStores: config.auditPackMaxStores, clock: clock ?? systemClock });
      const ossDir = path.join(config.dataDir, 'oss');
      const oss = { accessKeyId: config.ossAccessKeyId, secret: config.ossAccessKeySecret ?? (await dataDirSecret(path.join(ossDir, '.access-key-secret'))), bucket: config.ossBucket };
      await api.register(uploadRoutes, { ...oss, host: config.ossHost });
      await api.register(objectStoreRoutes, { ...oss, files: files.uploads, images });
      await api.register(systemRoutes, { db });
      await api.register(providerDocumentRoutes, { db, imageBase: config.ossHost, images, clock: clock ?? systemClock });
    },
    { prefix: '/api' },
  );

  // Expired sessions and old login failures are pruned on an unref'd timer, stopped before the database closes.
  let housekeeping: ReturnType<typeof startHousekeeping> | undefined;
  app.addHook('onReady', async () => {
    housekeeping = startHousekeeping(db, logger.child({ component: 'housekeeping' }));
  });
  app.addHook('onClose', async () => housekeeping?.stop());

  // PGlite has no autovacuum: the backend vacuums it on an unref'd timer, stopped before the database closes.
  let maintenance: ReturnType<typeof startPgliteMaintenance> | undefined;
  app.addHook('onReady', async () => {
    maintenance = startPgliteMaintenance(db, logger.child({ component: 'maintenance' }));
  });
  app.addHook('onClose', async () => maintenance?.stop());

  // The notification outbox is sent from every process on the database (each delivery claimed once).
  let outbox: ReturnType<typeof startOutboxWorker> | undefined;
  app.addHook('onReady', async () => {
    outbox = startOutboxWorker(db, {
      clock: clock ?? systemClock,
      send: channelSender.send,
      logger: logger.child({ component: 'notify' }),
      digestWindowMs: config.notifyDigestWindowMs,
      maxAttempts: config.notifyMaxAttempts,
      // A send takes at most one timeout, name lookup to last byte; a claim older than three is a dead sender's.
      leaseMs: config.notifyTimeoutMs * 3,
      alarmCenterUrl,
      contractListUrl: `${config.publicUrl}${CONTRACT_LIST_PATH}`,
    });
  });
  app.addHook('onClose', async () => {
    await outbox?.stop();
    channelSender.close();
  });

  // The product's rules, demo or not, on every instance (each is idempotent): a device silent for
  // OFFLINE_AFTER_MISSED_HEARTBEATS heartbeats is offline, a visit not done by its day's end
  // overdue, raw heartbeats past their retention go.
  let rules: PeriodicSweep | undefined;
  app.addHook('onReady', async () => {
    const watchingSince = (clock ?? systemClock).now();
    const offlineRule = { heartbeatIntervalMs, missedHeartbeats: config.offlineAfterMissedHeartbeats };
    const rulesLogger = logger.child({ component: 'rules' });
    rules = startPeriodicSweep(
      [
        offlineWatch(db, offlineRule, watchingSince),
        overdueWatch(db, { logger: rulesLogger, watchingSince, dataUpTo: runningDemo?.dataUpTo }),
        uplinkPruning(db, { logger: rulesLogger, retentionDays: config.uplinkRetentionDays }),
        contractRenewalWatch(db, { logger: rulesLogger, noticeDays: config.contractRenewalNoticeDays }),
        // Last: the longest at a first start (weeks of a fleet's heartbeats), and a background
        // writer rests three times a busy spell before its next statement.
        heartbeatPruning(db, { logger: rulesLogger, watchingSince }),
      ],
      { everyMs: RULE_SWEEP_EVERY_MS, logger: rulesLogger, clock },
    );
  });
  app.addHook('onClose', async () => rules?.stop());

  // Network servers' MQTT subscriptions and queued webhooks, in one process of those on the database.
  app.addHook('onReady', async () => {
    await integrationRunner.start();
  });
  app.addHook('onClose', async () => integrationRunner.stop());

  // Registered after the catch-up, so its first sweep sees the visits the catch-up finished.
  app.addHook('onReady', async () => {
    renderAhead = startRenderAhead(db, reports, logger.child({ component: 'reports' }), { days: config.reportRenderAheadDays, clock, uploads: files.uploads });
  });
  app.addHook('onClose', async () => renderAhead?.stop());

  return app;
}
