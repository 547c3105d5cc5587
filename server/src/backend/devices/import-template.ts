import ExcelJS from 'exceljs';
import { DEVICE_KIND_LABELS } from '@pest/shared';

/** The columns a device import fills in, with an example row. */
const COLUMNS = [
  { header: '设备编号', key: 'deviceNo', width: 22, example: 'RB-NB-0000001' },
  { header: '设备名称', key: 'deviceName', width: 24, example: '后厨1号鼠盒' },
  { header: '设备类型', key: 'deviceType', width: 14, example: DEVICE_KIND_LABELS[1] },
  { header: 'IMEI', key: 'imei', width: 20, example: '860000000000001' },
  { header: 'IMSI', key: 'imsi', width: 20, example: '460110000000001' },
  { header: 'ICCID', key: 'iccid', width: 24, example: '89861100000000000001' },
  { header: '门店编码', key: 'storeCode', width: 16, example: 'S00000001' },
  { header: '点位编号', key: 'pointCode', width: 12, example: 'B-001' },
  { header: '技术支持', key: 'technicalSupport', width: 20, example: '张工 13800000000' },
  { header: '备注', key: 'remark', width: 30, example: '' },
] as const;

/** The device-import template (xlsx): a header row, one example row, and a type list to pick from. */
export async function deviceImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('设备导入');
  sheet.columns = COLUMNS.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(COLUMNS.map(({ key, example }) => [key, example])));
  const kinds = Object.values(DEVICE_KIND_LABELS).join(',');
  for (let row = 2; row <= 1000; row++) {
    sheet.getCell(row, 3).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${kinds}"`] };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
