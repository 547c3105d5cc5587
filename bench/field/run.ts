// bench/field: a 100-point visit recorded offline reaching the server once the network returns,
// through the field app's door over real HTTP: the queued start, one sync of every point (counts
// and a note each) with a risk and materials, and the finish with the customer's signature.
//   npm run bench:field
// TEST_DATABASE_URL names a PostgreSQL test database to copy the seeded one from; without it the
// embedded PGlite is used. BENCH_VISITS sets how many such visits are sent one after another (5).
// Also prints the field app's gzipped JavaScript (apps/field/dist, after `npm run build`).
// Prints figures only, asserts nothing.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  AccountPaths,
  BuiltInRole,
  FieldPaths,
  FollowUpType,
  PointStatus,
  RiskGrade,
  ServiceConfigPaths,
  ServiceType,
  SessionPaths,
  UploadPaths,
  VisitPaths,
  chinaDay,
  type FieldCatalog,
  type FieldVisit,
  type OssConfig,
  type Technician,
} from '@pest/shared';

const VISITS = Number(process.env.BENCH_VISITS ?? 5);
const POINTS = 100;
const { createTestBackend, signIn } = await import('@pest/server/testing');

const backend = await createTestBackend();
const base = await backend.app.listen({ port: 0, host: '127.0.0.1' });
const call = async <T>(method: 'GET' | 'POST', url: string, authorization: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}${url}`, { method, headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${url}: ${envelope.message}`);
  return envelope.data;
};

const admin = (await signIn(backend.app, 'admin')).authorization;
const today = chinaDay(new Date());
// A technician of his own, signed in as the phone would be.
const account = `bench${Date.now().toString(36)}`;
await call('POST', AccountPaths.userSave, admin, { account, name: '压测技术员', roleIds: [BuiltInRole.technician.id], customerId: null, password: 'bench-start-1' });
const first = await call<{ token: string }>('POST', SessionPaths.login, '', { account, password: 'bench-start-1' });
await call('POST', SessionPaths.changePassword, `Bearer ${first.token}`, { oldPassword: 'bench-start-1', newPassword: 'bench-field-2' });
const technician = `Bearer ${(await call<{ token: string }>('POST', SessionPaths.login, '', { account, password: 'bench-field-2' })).token}`;
const technicianId = (await call<Technician[]>('POST', VisitPaths.technicians, admin, {})).find((person) => person.account === account)!.id;

// A store's plan of 100 points of a device type that counts pests, in three regions.
const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
const [deviceType] = await backend.db.query<{ id: number }>("select device_type_id as id from device_type_metrics where metric = 'catch' order by device_type_id limit 1");
const plan = await call<{ id: number }>('POST', ServiceConfigPaths.planSave, admin, { customerId: store!.id, name: '压测计划', startDate: today, endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, visitsPerMonth: 4 });
const regions = [];
for (const name of ['后厨', '仓库', '外围']) regions.push((await call<{ id: number }>('POST', ServiceConfigPaths.regionSave, admin, { planId: plan.id, parentId: null, name })).id);
for (let i = 0; i < POINTS; i++) {
  await call('POST', ServiceConfigPaths.pointSave, admin, { planId: plan.id, regionId: regions[i % 3], code: `B${String(i + 1).padStart(3, '0')}`, deviceTypeId: deviceType!.id, x: 20 + (i % 10) * 70, y: 20 + Math.floor(i / 10) * 60 });
}

/** Uploads a small PNG as the phone does, answering its URL. */
async function upload(): Promise<string> {
  const config = await call<OssConfig>('GET', UploadPaths.ossConfig, technician);
  const key = `${config.dir}${crypto.randomUUID()}.png`;
  const form = new FormData();
  for (const [name, value] of Object.entries({ key, policy: config.policy, OSSAccessKeyId: config.accessKeyId, signature: config.signature, success_action_status: '200', 'Content-Type': 'image/png' })) form.append(name, value);
  form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'p.png');
  const response = await fetch(`${base}${config.host}`, { method: 'POST', body: form });
  if (response.status !== 200) throw new Error(`upload: ${response.status}`);
  return `${config.host}/${key}`;
}

const catalog = await call<FieldCatalog>('GET', FieldPaths.catalog, technician);
const clientId = () => crypto.randomUUID().replaceAll('-', '');
const seconds: number[] = [];
for (let n = 0; n < VISITS; n++) {
  const { id } = await call<{ id: number }>('POST', VisitPaths.save, admin, { customerId: store!.id, planId: plan.id, technicianId, plannedDate: today, serviceType: ServiceType.routine });
  // Opened while online: the phone keeps the visit, then records it offline.
  const visit = await call<FieldVisit>('GET', `${FieldPaths.visit}?id=${id}`, technician);
  const startedAt = new Date(Date.now() - 3_600_000).toISOString();
  const checks = visit.points.map((point, i) => ({
    pointId: point.id,
    status: i % 25 === 0 ? PointStatus.damaged : PointStatus.normal,
    counts: point.pests.map((pest, j) => ({ pestId: pest.id, count: (i + j) % 4 })),
    note: `第${i + 1}个点位`,
  }));
  const riskType = visit.riskTypes[0]!;
  // The network returns: the queue drains in order.
  const began = performance.now();
  const photo = await upload();
  const signature = await upload();
  await call('POST', FieldPaths.start, technician, { id, clientId: clientId(), at: startedAt });
  await call('POST', FieldPaths.sync, technician, {
    id,
    clientId: clientId(),
    checks,
    risks: [{ key: clientId(), regionId: visit.regions[0]!.id, riskTypeId: riskType.id, issueId: riskType.issues[0]!.id, grade: RiskGrade.medium, location: '后厨地漏', advice: '封堵', followUpType: FollowUpType.customer, photos: [photo] }],
    materials: [{ materialId: catalog.materials[0]!.id, regionId: visit.regions[0]!.id, lotNo: 'B1', quantity: 3 }],
  });
  await call('POST', FieldPaths.finish, technician, { id, clientId: clientId(), signature, at: new Date().toISOString() });
  seconds.push((performance.now() - began) / 1000);
}
seconds.sort((a, b) => a - b);
console.log(`field sync (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}): a ${POINTS}-point visit from the network's return to done, ${VISITS} visits: median ${seconds[Math.floor(seconds.length / 2)]!.toFixed(2)} s, worst ${seconds.at(-1)!.toFixed(2)} s`);

// The app's first load: every script the build emits, gzipped.
const assets = path.resolve(import.meta.dirname, '../../apps/field/dist/assets');
try {
  const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  const gzipped = (await Promise.all(scripts.map(async (file) => gzipSync(await readFile(path.join(assets, file))).length))).reduce((sum, size) => sum + size, 0);
  console.log(`field app: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
} catch {
  console.log('field app: not built (npm run build)');
}
await backend.close();
