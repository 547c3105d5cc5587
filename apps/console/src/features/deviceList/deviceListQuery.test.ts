import { describe, expect, it } from 'vitest';
import { DeviceStatus, type DeviceRow } from '@pest/shared';
import { FIRST_DEVICE_PAGE, deviceFilters, deviceListBody, pagedQuery, templateRequestUrl, withLiveRows, linkedDeviceFields } from './deviceListQuery.ts';

describe('deviceFilters', () => {
  it('asks for every device when nothing is chosen', () => {
    expect(deviceFilters({}, {})).toStrictEqual({});
  });

  it('takes the keyword trimmed, and a blank one as none', () => {
    expect(deviceFilters({}, { keyword: '  NB-0012 ' })).toStrictEqual({ name: 'NB-0012' });
    expect(deviceFilters({}, { keyword: '   ' })).toStrictEqual({});
  });

  it('puts both halves of the form together', () => {
    expect(
      deviceFilters(
        { customerIds: [12, 13], areaIds: [2], deviceType: 2 },
        { keyword: '鼠盒', status: DeviceStatus.online, remainingPower: 30 },
      ),
    ).toStrictEqual({ name: '鼠盒', deviceType: 2, status: 2, remainingPower: 30, customerIds: [12, 13], areaIds: [2] });
  });

  it('leaves out empty lists and a device kind the contract does not know', () => {
    expect(deviceFilters({ customerIds: [], areaIds: [], deviceType: 9 }, {})).toStrictEqual({});
  });
});

describe('deviceListBody and paging', () => {
  it('opens on page 1 of 10 with the customer flag', () => {
    expect(deviceListBody(FIRST_DEVICE_PAGE)).toStrictEqual({ current: 1, size: 10, isCustomer: true, filters: {} });
  });

  it('keeps the size on a new page and goes back to page 1 on a new size', () => {
    const query = { filters: { status: 1 as const }, current: 1, size: 10 };
    expect(pagedQuery(query, 3, 10)).toStrictEqual({ filters: { status: 1 }, current: 3, size: 10 });
    expect(pagedQuery({ ...query, current: 3 }, 3, 50)).toStrictEqual({ filters: { status: 1 }, current: 1, size: 50 });
  });
});

describe('templateRequestUrl', () => {
  it('hands the client a path under /api without the /api it adds itself', () => {
    expect(templateRequestUrl('/api/admin/web/mouseBox/deviceImportTemplate.xlsx')).toBe('/admin/web/mouseBox/deviceImportTemplate.xlsx');
  });

  it('leaves an absolute URL as it is', () => {
    expect(templateRequestUrl('https://oss.example.com/templates/device.xlsx')).toBe('https://oss.example.com/templates/device.xlsx');
  });
});

describe('withLiveRows', () => {
  const row = (id: number, deviceName: string) => ({ id, deviceName }) as DeviceRow;
  const page = { total: 3, records: [row(1, 'a'), row(2, 'b'), row(3, 'c')] };

  it('puts changed rows in place by id, keeping the order and the total', () => {
    expect(withLiveRows(page, [row(3, 'C'), row(1, 'A')])).toEqual({ total: 3, records: [row(1, 'A'), row(2, 'b'), row(3, 'C')] });
  });

  it('leaves out rows that are not on the page, and keeps the page itself when nothing changed', () => {
    expect(withLiveRows(page, [row(9, 'x')]).records).toEqual(page.records);
    expect(withLiveRows(page, [])).toBe(page);
  });
});

describe('linkedDeviceFields', () => {
  it('opens the status (故障 included) and battery step a link names', () => {
    expect(linkedDeviceFields(new URLSearchParams('status=3'))).toStrictEqual({ status: 3 });
    expect(linkedDeviceFields(new URLSearchParams('status=1&remainingPower=20'))).toStrictEqual({ status: 1, remainingPower: 20 });
  });

  it('leaves out what the filters do not offer', () => {
    expect(linkedDeviceFields(new URLSearchParams('status=4&remainingPower=25'))).toStrictEqual({});
    expect(linkedDeviceFields(new URLSearchParams(''))).toStrictEqual({});
  });
});
