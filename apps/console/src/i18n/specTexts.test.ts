import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';

/**
 * The texts the console specification quotes, to the character. The zh namespace files are where
 * they live; this list is the check that an edit there does not drift from the spec, and that each
 * says where it comes from.
 */
const SPEC_TEXTS = {
  'filter:refusal.organisationRequired': '请先筛选【组织架构/门店】',
  'filter:refusal.customerTypeRequired': '请先选择【大区/客户】',
  'filter:refusal.storeRequiredForCustomerType': '若【大区/客户】为客户 ,则必须筛选【门店】字段',
  'filter:refusal.areaRequiredForRegionType': '若【大区/客户】为大区 ,则必须筛选【大区】字段',
  'filter:refusal.riskChoiceRequired': '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选',
  'filter:refusal.comparisonTimeRequired': '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选',
  'serviceRecord:batchSelectionRequired': '批量下载请至少选择一条数据！',
  'serviceRecord:noPreview': '该条信息暂无报告可预览！',
  'serviceRecord:noDownload': '该条信息暂无报告可下载！',
  'photos:none': '暂无照片数据！',
  'devices:uploadWrongType': '上传图片只能是 JPG/PNG/GIF/JPEG 格式!',
  'devices:uploadTooLarge': '上传图片大小不能超过 3MB!',
  'login:accountRequired': '请输入正确的用户名',
  'login:passwordTooShort': '密码不能少于6位',
  'pointCheck:empty': '抱歉，当前相关信息暂无数据！',
  'charts:positiveRateEmpty': '暂无阳性率统计数据',
  'charts:trendEmpty': '暂无趋势分析数据！',
  'charts:densityEmpty': '暂无密度对比数据！',
  'common:noData': '暂无数据',
  'common:loading': '努力加载中...',
  'common:exporting': '正在导出...',
  'common:downloading': '正在下载',
  'common:exportDone': '导出成功',
  'common:downloadDone': '下载成功',
  'errors:genericError': 'Error',
  'errors:verificationFailed': 'Verification failed, please Login again.',
  'errors:reLoginTitle': 'Confirm logout',
  'errors:reLoginBody': 'You have been logged out, you can cancel to stay on this page, or log in again',
  'errors:reLoginOk': 'Re-Login',
  'errors:reLoginCancel': 'Cancel',
} as const;

describe('texts the console specification quotes', () => {
  it.each(Object.entries(SPEC_TEXTS))('%s is exactly the spec text in Chinese', (key, text) => {
    expect(i18n.t(key as keyof typeof SPEC_TEXTS, { lng: 'zh' })).toBe(text);
  });

  it.each(Object.keys(SPEC_TEXTS))('%s names its spec section in the zh file', (key) => {
    const [namespace, path] = key.split(':') as [string, string];
    const source = readFileSync(new URL(`./zh/${namespace}.ts`, import.meta.url), 'utf8');
    const line = source.split('\n').find((candidate) => candidate.trimStart().startsWith(`${path.split('.').at(-1)}:`));
    expect(line, key).toMatch(/\/\/ console-spec §\d/);
  });
});
