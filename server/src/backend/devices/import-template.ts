import ExcelJS from 'exceljs';
import { DeviceKind, tableText, type TableTextId, type TextLanguage } from '@pest/shared';
import type { ImportColumn } from '../common/import-sheet.ts';

/** A cell's text: a table text, said in the template's language, or the same in every language (IMEI, an example number). */
type CellText = { id: TableTextId } | string;

const said = (id: TableTextId): CellText => ({ id });

function text(cell: CellText, language: TextLanguage): string {
  return typeof cell === 'string' ? cell : tableText(cell.id, language);
}

/**
 * The columns a device import fills in, with an example row. Every language has the same columns
 * in the same order, so a template filled in any of them means the same fields; the Chinese one
 * keeps the headers the import has always read (门店编码, not the lists' 门店编号).
 */
export const DEVICE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: said('deviceNo'), key: 'deviceNo', width: 22, example: 'RB-NB-0000001' },
  { header: said('deviceName'), key: 'deviceName', width: 24, example: said('exampleDeviceName') },
  { header: said('deviceType'), key: 'deviceType', width: 18, example: said('deviceKindNbRodentBox') },
  { header: 'IMEI', key: 'imei', width: 20, example: '860000000000001' },
  { header: 'IMSI', key: 'imsi', width: 20, example: '460110000000001' },
  { header: 'ICCID', key: 'iccid', width: 24, example: '89861100000000000001' },
  { header: said('importStoreCode'), key: 'storeCode', width: 16, example: 'S00000001' },
  { header: said('pointCode'), key: 'pointCode', width: 12, example: 'B-001' },
  { header: said('technicalSupport'), key: 'technicalSupport', width: 20, example: said('exampleTechnicalSupport') },
  { header: said('remark'), key: 'remark', width: 30, example: '' },
  // LoRa boxes are matched to their uplinks by DevEUI; the model (设备型号, by name) decodes them.
  { header: 'DevEUI', key: 'devEui', width: 20, example: '', added: true },
  { header: said('deviceModelName'), key: 'model', width: 20, example: '', added: true },
];

/** The device kinds the type column offers, in the contract's order. */
export const KIND_TEXTS: Record<DeviceKind, TableTextId> = {
  [DeviceKind.nbIotRodentBox]: 'deviceKindNbRodentBox',
  [DeviceKind.loraRodentBox]: 'deviceKindLoraRodentBox',
  [DeviceKind.loraGateway]: 'deviceKindLoraGateway',
};

/** The template's file name in `language`. */
export function deviceImportTemplateName(language: TextLanguage): string {
  return `${tableText('deviceImportTemplate', language)}.xlsx`;
}

/** The device-import template (xlsx) in `language`: a header row, one example row, and a type list to pick from. */
export async function deviceImportTemplate(language: TextLanguage): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(tableText('deviceImportSheet', language));
  sheet.columns = DEVICE_IMPORT_COLUMNS.map(({ header, key, width }) => ({ header: text(header, language), key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(DEVICE_IMPORT_COLUMNS.map(({ key, example }) => [key, text(example, language)])));
  const kinds = Object.values(KIND_TEXTS).map((id) => tableText(id, language)).join(',');
  const typeColumn = DEVICE_IMPORT_COLUMNS.findIndex((column) => column.key === 'deviceType') + 1;
  for (let row = 2; row <= 1000; row++) {
    sheet.getCell(row, typeColumn).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${kinds}"`] };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
