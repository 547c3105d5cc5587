import type { TextLanguage } from './languages.ts';

type Texts = Record<TextLanguage, string>;

/**
 * Every text the backend writes into a table or an export itself, by id, in each language: the
 * headers of the point-check sheets, the summaries and the risk exports, the 合计 row's label, the
 * words for stored codes, the sheets' and files' names. What people typed (stores, pests, regions,
 * device types) stays as typed. The console's own screens take their texts from its i18n files.
 */
export const TABLE_TEXTS = {
  // Stores, and the 合计 row.
  storeCode: { zh: '门店编号', en: 'Store code', es: 'Código de tienda', ja: '店舗コード' },
  storeName: { zh: '门店名称', en: 'Store name', es: 'Tienda', ja: '店舗名' },
  storeAddress: { zh: '门店地址', en: 'Store address', es: 'Dirección de la tienda', ja: '店舗住所' },
  total: { zh: '合计', en: 'Total', es: 'Total', ja: '合計' },

  // Point-check sheets.
  pointCode: { zh: '点位编号', en: 'Point code', es: 'Código de punto', ja: 'ポイント番号' },
  region: { zh: '区域', en: 'Region', es: 'Zona', ja: 'エリア' },
  deviceNo: { zh: '设备编号', en: 'Device no.', es: 'N.º de dispositivo', ja: 'デバイス番号' },
  triggers: { zh: '触发次数', en: 'Triggers', es: 'Activaciones', ja: 'トリガー回数' },
  catches: { zh: '捕获数量', en: 'Catches', es: 'Capturas', ja: '捕獲数' },
  subtotal: { zh: '小计', en: 'Subtotal', es: 'Subtotal', ja: '小計' },
  baitConsumption: { zh: '饵料消耗', en: 'Bait consumption', es: 'Consumo de cebo', ja: '餌の消費' },
  baitLevel: { zh: '消耗程度', en: 'Level', es: 'Nivel', ja: '消費程度' },
  baitPercent: { zh: '消耗比例(%)', en: 'Share (%)', es: 'Proporción (%)', ja: '消費率(%)' },
  deviceCondition: { zh: '设备状况', en: 'Device condition', es: 'Estado del dispositivo', ja: 'デバイスの状態' },
  conditionIntact: { zh: '完好', en: 'Intact', es: 'Intacto', ja: '良好' },
  conditionDamaged: { zh: '损坏', en: 'Damaged', es: 'Dañado', ja: '破損' },
  conditionMissing: { zh: '丢失', en: 'Missing', es: 'Perdido', ja: '紛失' },
  conditionMoved: { zh: '移位', en: 'Moved', es: 'Desplazado', ja: '移動' },
  baitNone: { zh: '无', en: 'None', es: 'Nada', ja: 'なし' },
  baitLittle: { zh: '少量', en: 'A little', es: 'Poco', ja: '少量' },
  baitMuch: { zh: '大量', en: 'A lot', es: 'Mucho', ja: '大量' },
  pointCheckSheet: { zh: '点检表', en: 'Point check', es: 'Inspección de puntos', ja: 'ポイント点検表' },

  // Pest and device-type summaries.
  positivePoints: { zh: '阳性点位', en: 'Positive points', es: 'Puntos positivos', ja: '陽性ポイント' },
  positiveRate: { zh: '阳性率', en: 'Positive rate', es: 'Tasa de positividad', ja: '陽性率' },
  pointsChecked: { zh: '检查点位数', en: 'Points checked', es: 'Puntos revisados', ja: '点検ポイント数' },
  positivePointCount: { zh: '阳性点位数', en: 'Positive points', es: 'Puntos positivos', ja: '陽性ポイント数' },
  catchesAndTriggers: { zh: '捕获/触发合计', en: 'Catches + triggers', es: 'Capturas + activaciones', ja: '捕獲・トリガー合計' },
  pestSummary: { zh: '虫害汇总', en: 'Pest summary', es: 'Resumen de plagas', ja: '害虫集計' },
  deviceTypeSummary: { zh: '设备类型汇总', en: 'Device type summary', es: 'Resumen por tipo de dispositivo', ja: 'デバイス種別集計' },

  // The risk summary's export.
  serviceStaff: { zh: '服务人员', en: 'Service staff', es: 'Técnico', ja: 'サービス担当者' },
  serviceStart: { zh: '实际开始时间', en: 'Service start', es: 'Inicio del servicio', ja: 'サービス開始時刻' },
  serviceEnd: { zh: '实际结束时间', en: 'Service end', es: 'Fin del servicio', ja: 'サービス終了時刻' },
  point: { zh: '点位', en: 'Point', es: 'Punto', ja: 'ポイント' },
  riskStatus: { zh: '风险状态', en: 'Risk status', es: 'Estado del riesgo', ja: 'リスク状態' },
  riskType: { zh: '风险类型', en: 'Risk type', es: 'Tipo de riesgo', ja: 'リスク種別' },
  issueDesc: { zh: '问题描述', en: 'Issue', es: 'Problema', ja: '問題の説明' },
  targetPest: { zh: '目标害虫', en: 'Target pest', es: 'Plaga objetivo', ja: '対象害虫' },
  advice: { zh: '整改建议', en: 'Advice', es: 'Recomendación', ja: '改善提案' },
  followUpMeasure: { zh: '跟进措施', en: 'Follow-up measure', es: 'Medida de seguimiento', ja: 'フォロー措置' },
  location: { zh: '具体位置', en: 'Location', es: 'Ubicación', ja: '位置' },
  followUpBy: { zh: '跟进方', en: 'Follow-up by', es: 'Responsable del seguimiento', ja: 'フォロー担当' },
  riskGrade: { zh: '风险等级', en: 'Risk grade', es: 'Nivel de riesgo', ja: 'リスクレベル' },
  riskAge: { zh: '风险时长', en: 'Age', es: 'Antigüedad', ja: '経過日数' },
  photosBefore: { zh: '整改前照片', en: 'Before rectification', es: 'Antes de corregir', ja: '是正前の写真' },
  photosAfter: { zh: '整改后照片', en: 'After rectification', es: 'Después de corregir', ja: '是正後の写真' },
  riskSummary: { zh: '风险汇总', en: 'Risk summary', es: 'Resumen de riesgos', ja: 'リスク集計' },
  /** `{days}`: whole days. */
  ageingRectified: { zh: '整改用时 {days} 天', en: 'Rectified in {days} d', es: 'Corregido en {days} d', ja: '是正まで {days} 日' },
  ageingOpen: { zh: '已开 {days} 天', en: 'Open {days} d', es: 'Abierto {days} d', ja: '未対応 {days} 日' },
  overdueMark: { zh: '（超期）', en: ' (overdue)', es: ' (vencido)', ja: '（期限超過）' },
  riskStatusOpen: { zh: '风险仍存在', en: 'Risk still exists', es: 'El riesgo persiste', ja: 'リスク継続中' },
  riskStatusOnHold: { zh: '暂时无法处理', en: 'Cannot be handled for now', es: 'No se puede atender por ahora', ja: '現在対応不可' },
  riskStatusRectified: { zh: '整改完成', en: 'Rectified', es: 'Corregido', ja: '是正完了' },
  gradeLow: { zh: '低', en: 'Low', es: 'Bajo', ja: '低' },
  gradeMedium: { zh: '中', en: 'Medium', es: 'Medio', ja: '中' },
  gradeHigh: { zh: '高', en: 'High', es: 'Alto', ja: '高' },
  followUpCustomer: { zh: '客户', en: 'Customer', es: 'Cliente', ja: '顧客' },
  followUpProvider: { zh: '服务商', en: 'Provider', es: 'Proveedor', ja: 'サービス業者' },

  // The risk details' export (screen 12).
  pictures: { zh: '图片', en: 'Pictures', es: 'Fotos', ja: '写真' },
  store: { zh: '门店', en: 'Store', es: 'Tienda', ja: '店舗' },
  riskNumber: { zh: '风险编号', en: 'Risk number', es: 'Número de riesgo', ja: 'リスク番号' },
  riskDesc: { zh: '风险描述', en: 'Risk description', es: 'Descripción del riesgo', ja: 'リスク説明' },
  issueDescription: { zh: '问题描述', en: 'Issue description', es: 'Descripción del problema', ja: '問題の説明' },
  planRegion: { zh: '服务方案区域名称', en: 'Plan region name', es: 'Zona del plan', ja: 'サービスプランのエリア名' },
  planRegionLevel: { zh: '服务区域级别', en: 'Service region level', es: 'Nivel de zona', ja: 'サービスエリアのレベル' },
  rectifiedAt: { zh: '整改时间', en: 'Rectification time', es: 'Fecha de corrección', ja: '是正日時' },
  followUpParty: { zh: '跟进方', en: 'Follow-up party', es: 'Responsable del seguimiento', ja: 'フォロー担当' },
  previousPictures: { zh: '以往发生图片', en: 'Previous pictures', es: 'Fotos anteriores', ja: '過去の写真' },
  previousTime: { zh: '以往发生时间', en: 'Previous time', es: 'Fecha anterior', ja: '過去の発生日時' },
  createdAt: { zh: '创建时间', en: 'Created', es: 'Creado', ja: '作成日時' },
  riskDetails: { zh: '风险明细', en: 'Risk details', es: 'Detalle de riesgos', ja: 'リスク明細' },

  // The device-import template: its Chinese headers are the ones the import has always read.
  deviceName: { zh: '设备名称', en: 'Device name', es: 'Nombre del dispositivo', ja: 'デバイス名' },
  deviceType: { zh: '设备类型', en: 'Device type', es: 'Tipo de dispositivo', ja: 'デバイス種別' },
  importStoreCode: { zh: '门店编码', en: 'Store code', es: 'Código de tienda', ja: '店舗コード' },
  technicalSupport: { zh: '技术支持', en: 'Technical support', es: 'Soporte técnico', ja: '技術サポート' },
  remark: { zh: '备注', en: 'Remark', es: 'Observaciones', ja: '備考' },
  deviceModelName: { zh: '设备型号', en: 'Device model', es: 'Modelo de dispositivo', ja: 'デバイス機種' },
  exampleDeviceName: { zh: '后厨1号鼠盒', en: 'Kitchen rodent box 1', es: 'Caja de roedores cocina 1', ja: '厨房1号捕鼠ボックス' },
  exampleTechnicalSupport: { zh: '张工 13800000000', en: 'Eng. Zhang 13800000000', es: 'Ing. Zhang 13800000000', ja: '張技師 13800000000' },
  deviceKindNbRodentBox: { zh: 'NB-IoT鼠盒', en: 'NB-IoT rodent box', es: 'Caja de roedores NB-IoT', ja: 'NB-IoT 捕鼠ボックス' },
  deviceKindLoraRodentBox: { zh: 'LoRa鼠盒', en: 'LoRa rodent box', es: 'Caja de roedores LoRa', ja: 'LoRa 捕鼠ボックス' },
  deviceKindLoraGateway: { zh: 'LoRa网关', en: 'LoRa gateway', es: 'Pasarela LoRa', ja: 'LoRa ゲートウェイ' },
  deviceImportSheet: { zh: '设备导入', en: 'Device import', es: 'Importación de dispositivos', ja: 'デバイス取込' },
  deviceImportTemplate: { zh: '设备导入模板', en: 'Device import template', es: 'Plantilla de importación de dispositivos', ja: 'デバイス取込テンプレート' },

  // The store and point import templates, and the error column an import's error file adds.
  importParentCode: { zh: '上级编码', en: 'Parent code', es: 'Código superior', ja: '上位コード' },
  importAddress: { zh: '详细地址', en: 'Address', es: 'Dirección', ja: '住所' },
  importContactName: { zh: '联系人', en: 'Contact', es: 'Contacto', ja: '担当者' },
  importContactPhone: { zh: '联系电话', en: 'Contact phone', es: 'Teléfono de contacto', ja: '連絡先電話番号' },
  importRegionPath: { zh: '地区（省/市/区）', en: 'Region (province/city/district)', es: 'Región (provincia/ciudad/distrito)', ja: '地域（省/市/区）' },
  importSalesArea: { zh: '大区', en: 'Sales area', es: 'Zona comercial', ja: '営業エリア' },
  importPointX: { zh: 'X坐标', en: 'X', es: 'X', ja: 'X座標' },
  importPointY: { zh: 'Y坐标', en: 'Y', es: 'Y', ja: 'Y座標' },
  exampleStoreName: { zh: '徐汇店', en: 'Xuhui store', es: 'Tienda Xuhui', ja: '徐匯店' },
  exampleAddress: { zh: '漕溪北路1号', en: '1 Caoxi North Road', es: 'Calle Caoxi Norte 1', ja: '漕渓北路1号' },
  exampleContactName: { zh: '王经理', en: 'Manager Wang', es: 'Gerente Wang', ja: '王マネージャー' },
  exampleRegion: { zh: '后厨/洗碗间', en: 'Kitchen/Dishwashing', es: 'Cocina/Fregadero', ja: '厨房/洗い場' },
  storeImportSheet: { zh: '门店导入', en: 'Store import', es: 'Importación de tiendas', ja: '店舗取込' },
  storeImportTemplate: { zh: '门店导入模板', en: 'Store import template', es: 'Plantilla de importación de tiendas', ja: '店舗取込テンプレート' },
  pointImportSheet: { zh: '点位导入', en: 'Point import', es: 'Importación de puntos', ja: 'ポイント取込' },
  pointImportTemplate: { zh: '点位导入模板', en: 'Point import template', es: 'Plantilla de importación de puntos', ja: 'ポイント取込テンプレート' },
  importError: { zh: '错误', en: 'Error', es: 'Error', ja: 'エラー' },
  importErrorFile: { zh: '导入错误', en: 'Import errors', es: 'Errores de importación', ja: '取込エラー' },
} as const satisfies Record<string, Texts>;

export type TableTextId = keyof typeof TABLE_TEXTS;

/** A text in a language; `{name}` placeholders take `values`. */
export function tableText(id: TableTextId, language: TextLanguage, values: Record<string, string | number> = {}): string {
  return TABLE_TEXTS[id][language].replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
