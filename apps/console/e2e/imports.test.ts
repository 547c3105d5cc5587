import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CustomerKind, CustomerPaths, DevicePaths, DeviceRegistrationPaths, ImportPaths, type CustomerDetail, type DeviceRow, type Page as ListPage } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { useBrowser } from './browser.ts';

/**
 * 批量导入 against the real server: provider staff import a few devices from the device list: a
 * file with a problem is checked, its problems listed and 确认导入 refused; the corrected file is
 * imported and the new devices' secrets offered once as a CSV. The devices it adds it retires again.
 */
const session = useBrowser();
/** Numbers of this run only: a retired device keeps its number for good. */
const RUN = Date.now().toString(36).toUpperCase();
const deviceNo = (n: number) => `E2E-IMP-${RUN}-${n}`;

async function deviceSheet(file: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('设备导入');
  sheet.addRow(['设备编号', '设备名称', '设备类型', 'IMEI', 'IMSI', 'ICCID', '门店编码', '点位编号', '技术支持', '备注']);
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('bulk import', () => {
  it('checks a device sheet, lists its problems, imports the corrected one and offers the secrets once', async () => {
    const [store] = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 1, kinds: [CustomerKind.store], state: 'active' } })).records;
    const dir = await mkdtemp(path.join(tmpdir(), 'pest-e2e-import-'));
    const row = (n: number, name = `E2E 导入鼠盒${n}`) => [deviceNo(n), name, 'LoRa鼠盒', '', '', '', store!.code, '', '', ''];
    const { page, close } = await session.open(routePaths.mouseBox, { viewport: { width: 1440, height: 1000 } });
    try {
      await page.getByTestId('device-import').click();
      const checked = () => page.waitForResponse((response) => response.url().endsWith(ImportPaths.dryRun));
      let dryRun = checked();
      await page.getByTestId('device-import-file').setInputFiles(await deviceSheet(path.join(dir, 'bad.xlsx'), [row(1), row(2, '')]));
      expect((await dryRun).status()).toBe(200);
      await page.getByTestId('device-import-problems').waitFor();
      expect(await page.getByTestId('device-import-problems').innerText()).toContain('设备名称不能为空');
      expect(await page.getByTestId('device-import-confirm').isDisabled()).toBe(true);

      // The error file: the rows with a 错误 column.
      // Its answer first: a refusal or a stalled request says so here, not as a missing download.
      const answered = page.waitForResponse((response) => response.url().endsWith(ImportPaths.errorFile));
      const saved = page.waitForEvent('download');
      await page.getByTestId('device-import-error-file').click();
      expect((await answered).status()).toBe(200);
      const errors = new ExcelJS.Workbook();
      await errors.xlsx.load((await readFile((await (await saved).path())!)) as unknown as ArrayBuffer);
      expect(errors.worksheets[0]!.getRow(1).getCell(11).value).toBe('错误');
      expect(errors.worksheets[0]!.getRow(3).getCell(11).value).toBe('设备名称不能为空');

      dryRun = checked();
      await page.getByTestId('device-import-file').setInputFiles(await deviceSheet(path.join(dir, 'good.xlsx'), [row(1), row(2)]));
      await dryRun;
      await page.waitForFunction(() => !(document.querySelector('[data-testid="device-import-confirm"]') as HTMLButtonElement | null)?.disabled);
      // The apply starts a job, which the dialog follows to its end.
      const followed = page.waitForResponse((response) => response.url().endsWith(ImportPaths.job));
      await page.getByTestId('device-import-confirm').click();
      expect((await followed).status()).toBe(200);
      await page.getByTestId('device-import-done').waitFor();

      const csv = page.waitForEvent('download');
      await page.getByTestId('device-import-credentials').click();
      const text = await readFile((await (await csv).path())!, 'utf8');
      // A byte order mark first, so that Excel reads it as UTF-8 (trim() would take it too).
      expect(text.startsWith('\uFEFFdeviceNo,secret\r\n')).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([deviceNo(1), deviceNo(2)]);
      expect(lines[1]!.split(',')[1]).toMatch(/^[0-9a-f]{64}$/);
      await page.getByTestId('device-import-close').click();
    } finally {
      await close();
      await rm(dir, { recursive: true, force: true });
      // What this file added goes again: the devices retired (out of the lists, their numbers kept).
      const added = await session.api<ListPage<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 10, isCustomer: true, filters: { name: `E2E-IMP-${RUN}` } } });
      for (const device of added.records) await session.api(DeviceRegistrationPaths.retire, { body: { id: device.id } });
    }
  });
});
