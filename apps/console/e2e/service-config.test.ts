import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CustomerKind, CustomerPaths, ServiceConfigPaths, type CustomerDetail, type Page as ListPage, type PointDetail, type ServicePlanDetail } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { useBrowser } from './browser.ts';
import { chooseOption, saveForm as save } from './forms.ts';
import { pngOf } from './png.ts';

/**
 * 服务配置 against the real server: provider staff choose a store, add a plan, give it two regions
 * (one with a sub-area) and a point, drag the point on the floor plan to where it is, and delete
 * the plan again (nothing was recorded under it), which leaves the store as the other files know it.
 */
const session = useBrowser();
const PLAN = 'E2E 服务计划';

describe('service configuration', () => {
  it('adds a plan with regions and a point, drags the point into place, and deletes the plan', async () => {
    const [store] = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 1, kinds: [CustomerKind.store], state: 'active' } })).records;
    const { page, close } = await session.open(routePaths.servicePlans, { viewport: { width: 1440, height: 1000 } });

    const storeSelect = page.getByTestId('service-config-store');
    await storeSelect.click();
    await page.keyboard.type(store!.code);
    await page.locator(`[id="${await storeSelect.getAttribute('aria-controls')}"] .arco-select-option`, { hasText: store!.name }).click();
    await page.getByTestId('plan-panel').waitFor();

    await page.getByTestId('plan-add').click();
    await page.getByTestId('plan-name').fill(PLAN);
    await save(page, 'plan', ServiceConfigPaths.planSave);
    const planRow = page.getByTestId('plan-table').locator('tbody tr', { hasText: PLAN });
    await planRow.getByTestId('plan-select').click();

    // Regions: 外围 and 后厨 › 洗碗间.
    for (const name of ['外围', '后厨']) {
      await page.getByTestId('region-add-top').click();
      await page.getByTestId('region-name').fill(name);
      await save(page, 'region', ServiceConfigPaths.regionSave);
    }
    await page.getByTestId('region-actions-后厨').getByTestId('region-add-child').click();
    await page.getByTestId('region-name').fill('洗碗间');
    await save(page, 'region', ServiceConfigPaths.regionSave);
    await page.getByTestId('region-tree').getByText('洗碗间').waitFor();

    // A point in 洗碗间; it starts in the middle of the floor plan.
    await page.getByTestId('plan-tab-points').click();
    await page.getByTestId('point-add').click();
    await page.getByTestId('point-code').fill('E2E-P1');
    await chooseOption(page, 'point-region', '后厨 / 洗碗间');
    await chooseOption(page, 'point-device-type', '粘鼠板');
    await save(page, 'point', ServiceConfigPaths.pointSave);
    await page.getByTestId('point-table').locator('tbody tr', { hasText: 'E2E-P1' }).waitFor();
    // Its label, to print for the box in the field.
    const download = page.waitForEvent('download');
    await page.getByTestId('point-labels').click();
    const labels = await download;
    expect(labels.suggestedFilename()).toBe(`${store!.name}-${PLAN}-点位标签.pdf`);
    expect((await readFile((await labels.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByTestId('plan-tab-floor-plan').click();
    const point = page.locator('[data-testid="floor-plan-point"][data-code="E2E-P1"]');
    await point.waitFor();
    // The real floor plan replaces the drawing of the regions; the point stays where it was placed in the frame.
    const imaged = page.waitForResponse((response) => response.url().endsWith(ServiceConfigPaths.floorPlanImage));
    await page.getByTestId('floor-plan-image-input').setInputFiles({ name: '平面图.png', mimeType: 'image/png', buffer: pngOf(1000, 500) });
    expect((await imaged).status()).toBe(200);
    await expect.poll(() => page.getByTestId('floor-plan-canvas').locator('image').getAttribute('href')).toContain('/api/oss/');
    // Its preview loaded, the page no longer moves under the pointer.
    await expect.poll(() => page.getByTestId('floor-plan-image-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    expect([await point.getAttribute('data-x'), await point.getAttribute('data-y')]).toEqual(['400', '325']);
    await page.getByTestId('floor-plan-canvas').evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
    const canvas = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
    const from = (await point.locator('circle').boundingBox())!;
    const saved = page.waitForResponse((response) => response.url().endsWith(ServiceConfigPaths.pointSave));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // To a quarter of the way across and down the plan.
    await page.mouse.move(canvas.x + canvas.width / 4, canvas.y + canvas.height / 4, { steps: 8 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    const planId = (await session.api<ServicePlanDetail[]>(ServiceConfigPaths.planList, { body: { customerId: store!.id } })).find((plan) => plan.name === PLAN)!.id;
    const [placed] = await session.api<PointDetail[]>(ServiceConfigPaths.pointList, { body: { planId } });
    expect(Math.abs(placed!.x - 200)).toBeLessThanOrEqual(2);
    expect(Math.abs(placed!.y - 163)).toBeLessThanOrEqual(2);

    // Nothing was recorded under it: it goes, with its regions and point.
    await planRow.getByTestId('plan-delete').click();
    const deleted = page.waitForResponse((response) => response.url().endsWith(ServiceConfigPaths.planDelete));
    await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
    expect((await deleted).status()).toBe(200);
    await planRow.waitFor({ state: 'detached' });
    // The plan that was open goes with it.
    await page.getByTestId('plan-workspace').waitFor({ state: 'detached' });
    await close();
  });
});
