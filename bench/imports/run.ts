// bench/imports: a 60,000-device import on PostgreSQL, through the product's doors: the filled-in
// device template (xlsx, built here with ExcelJS's streaming writer) uploaded with the signed policy,
// then import/dryRun, import/apply and the same file again (every row unchanged), each a real
// request under the backend's load control and its QUERY_TIMEOUT_MS deadline (15 s unless set).
//   npm run bench:imports
// TEST_DATABASE_URL names the PostgreSQL server's test database the fresh, seeded copy is made from
// (default postgres://postgres@127.0.0.1:5432/test). BENCH_ROWS sets the number of devices (60000).
// Prints seconds and the process's peak RSS during each step (the backend runs in this process);
// figures only, asserts nothing.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { DeviceKind, ImportPaths, UPLOAD_SHEET_TYPE, UploadPaths, tableText, type ImportCheck, type ImportJob, type ImportStarted, type OssConfig } from '@pest/shared';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_ROWS ?? 60_000);
const { createTestBackend, signIn } = await import('@pest/server/testing');

const rssMb = () => process.memoryUsage().rss / 1048576;

/** Runs `step`, answering its seconds and the highest RSS seen meanwhile (sampled every 20 ms). */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  let peakMb = rssMb();
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 20);
  const started = performance.now();
  try {
    const value = await step();
    return { value, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peakMb, rssMb()) };
  } finally {
    clearInterval(sampler);
  }
}

/** The device template filled with ROWS boxes and gateways spread over the stores, as a provider's sheet would be. */
async function deviceSheet(storeCodes: readonly string[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(tableText('deviceImportSheet', 'zh'));
  const ids = ['deviceNo', 'deviceName', 'deviceType', 'IMEI', 'IMSI', 'ICCID', 'importStoreCode', 'pointCode', 'technicalSupport', 'remark'] as const;
  sheet.addRow(ids.map((id) => (id === 'IMEI' || id === 'IMSI' || id === 'ICCID' ? id : tableText(id, 'zh')))).commit();
  const kinds = [tableText('deviceKindNbRodentBox', 'zh'), tableText('deviceKindLoraRodentBox', 'zh'), tableText('deviceKindLoraGateway', 'zh')];
  for (let i = 0; i < ROWS; i++) {
    const kind = i % 3;
    const nb = kind === DeviceKind.nbIotRodentBox - 1;
    sheet
      .addRow([
        `BENCH-${String(i).padStart(7, '0')}`,
        `批量导入鼠盒${i}号`,
        kinds[kind],
        // 35…: the seed's devices' IMEIs start with 86.
        nb ? String(350_000_000_000_000 + i) : '',
        nb ? String(460_110_000_000_000 + i) : '',
        nb ? `898611${String(i).padStart(14, '0')}` : '',
        storeCodes[i % storeCodes.length],
        '',
        '张工 13800000000',
        i % 10 === 0 ? '批量导入' : '',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const backend = await createTestBackend({ env: { QUERY_TIMEOUT_MS: process.env.QUERY_TIMEOUT_MS ?? '15000' } });
try {
  const admin = await signIn(backend.app, 'admin');
  const stores = (await backend.db.query<{ code: string }>('select code from customers where kind = 3 and suspended_at is null order by id')).map((row) => row.code);
  const file = await measured(() => deviceSheet(stores));
  console.log(`imports bench on ${backend.db.driver}: ${ROWS} devices over ${stores.length} stores, ${(file.value.length / 1048576).toFixed(1)} MB xlsx built in ${file.seconds.toFixed(1)} s`);

  const upload = async () => {
    const config = (await backend.app.inject({ method: 'GET', url: UploadPaths.ossConfig, headers: admin })).json<{ data: OssConfig }>().data;
    const key = `${config.dir}bench${Date.now()}.xlsx`;
    const fields = { key, policy: config.policy, OSSAccessKeyId: config.accessKeyId, signature: config.signature, success_action_status: '200', 'Content-Type': UPLOAD_SHEET_TYPE };
    const boundary = '----pestbench';
    const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="devices.xlsx"\r\ncontent-type: ${UPLOAD_SHEET_TYPE}\r\n\r\n`), file.value, Buffer.from(`\r\n--${boundary}--\r\n`));
    const response = await backend.app.inject({ method: 'POST', url: config.host, payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
    return key;
  };
  const post = async <T>(url: string, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers: admin, payload });
    const body = response.json<{ message: string; data: T }>();
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${body.message}`);
    return body.data;
  };
  /** The apply's job, followed to its end as the console does (asked after every 100 ms here). */
  const applied = async (key: string): Promise<ImportJob> => {
    const { jobId } = await post<ImportStarted>(ImportPaths.apply, { kind: 'device', file: key });
    for (;;) {
      const job = await post<ImportJob>(ImportPaths.job, { jobId });
      if (job.state === 'failed') throw new Error(job.message ?? 'failed');
      if (job.state === 'done') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const key = await upload();
  const dryRun = await measured(() => post<ImportCheck>(ImportPaths.dryRun, { kind: 'device', file: key }));
  console.log(`dry run: ${dryRun.seconds.toFixed(1)} s, peak RSS ${dryRun.peakMb.toFixed(0)} MB (${dryRun.value.created} to create, ${dryRun.value.problemCount} problems)`);
  for (const problem of dryRun.value.problems.slice(0, 5)) console.log(`  row ${problem.row}, ${problem.column}: ${problem.message}`);
  const apply = await measured(() => applied(key).catch((error: Error) => error));
  if (apply.value instanceof Error) {
    // Failed (its timeout, say): nothing was written; what it took is still the figure.
    console.log(`apply: ${apply.seconds.toFixed(1)} s, peak RSS ${apply.peakMb.toFixed(0)} MB, refused: ${apply.value.message}`);
    process.exitCode = 1;
  } else {
    console.log(`apply: ${apply.seconds.toFixed(1)} s, peak RSS ${apply.peakMb.toFixed(0)} MB (${apply.value.created} created, ${apply.value.credentials.length} secrets answered)`);
  }
  if (!(apply.value instanceof Error)) {
    const again = await measured(async () => applied(await upload()));
    console.log(`the same file again: ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb.toFixed(0)} MB (${again.value.created} created, ${again.value.unchanged} unchanged)`);
  }
} finally {
  await backend.close();
}
