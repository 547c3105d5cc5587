import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AccountPaths,
  BuiltInRole,
  chinaDay,
  CustomerKind,
  CustomerPaths,
  JobOrderState,
  ServiceConfigPaths,
  VisitPaths,
  type CustomerDetail,
  type Page as ListPage,
  type ServicePlanDetail,
  type Technician,
  type Visit,
} from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { monthGrid, weekStart } from '../src/features/visitSchedule/visitCalendar.ts';
import { useBrowser } from './browser.ts';
import { chooseOption, saveForm } from './forms.ts';

/**
 * 服务安排 against the real server: staff plan a visit for a technician from the calendar, drag it
 * to the next day and cancel it with a reason; a customer's manager sees the calendar without the
 * buttons. The technician account it adds is disabled again; the visit stays, cancelled.
 */
const session = useBrowser();

describe('the visit schedule', () => {
  it('plans a visit on the calendar, moves it by dragging, cancels it with a reason', { timeout: 120_000 }, async () => {
    const today = chinaDay(new Date());
    // A store with a plan running today.
    const stores = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 20, kinds: [CustomerKind.store], state: 'active' } })).records;
    let store: CustomerDetail | undefined;
    let plan: ServicePlanDetail | undefined;
    for (const candidate of stores) {
      plan = (await session.api<ServicePlanDetail[]>(ServiceConfigPaths.planList, { body: { customerId: candidate.id } })).find((row) => row.startDate <= today && row.endDate > today);
      if (plan) {
        store = candidate;
        break;
      }
    }
    expect(plan, 'a store with a running plan').toBeDefined();
    const account = `e2e${randomUUID().slice(0, 6)}`;
    const name = `安排${account.slice(3)}`;
    await session.api(AccountPaths.userSave, { body: { account, name, roleIds: [BuiltInRole.technician.id], customerId: null, password: 'technician-e2e-1' } });
    const technician = (await session.api<Technician[]>(VisitPaths.technicians, { body: {} })).find((person) => person.account === account)!;

    const { page, close } = await session.open(routePaths.visitSchedule, { viewport: { width: 1440, height: 1000 } });
    await page.getByTestId('visit-calendar').waitFor();
    await page.getByTestId('visit-add').click();
    await page.getByTestId('visit-form').waitFor();
    await chooseOption(page, 'visit-store', store!.name, store!.code);
    await chooseOption(page, 'visit-plan', plan!.name);
    await chooseOption(page, 'visit-technician', name);
    await saveForm(page, 'visit', VisitPaths.save);

    const mine = async () =>
      (await session.api<Visit[]>(VisitPaths.list, { body: { startDate: today, endDate: today.slice(0, 8) + '28', technicianIds: [technician.id], withCancelled: true } })).filter(
        (visit) => visit.customerId === store!.id,
      );
    const [visit] = await mine();
    expect(visit).toMatchObject({ plannedDate: today, state: JobOrderState.planned, technicianName: name });
    const chip = page.locator(`[data-testid="visit-chip"][data-visit-id="${visit!.id}"]`);
    await expect.poll(() => chip.count()).toBe(1);
    await expect.poll(async () => (await page.getByTestId(`visit-day-${today}`).locator(`[data-visit-id="${visit!.id}"]`).count())).toBe(1);

    // Dragged to the next day, when the month's grid shows it.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    let plannedDate = today;
    if (monthGrid(today.slice(0, 7)).flat().some((day) => day.date === tomorrow) && tomorrow <= plan!.endDate && tomorrow.slice(0, 7) === today.slice(0, 7)) {
      const moved = page.waitForResponse((response) => response.url().endsWith(VisitPaths.save));
      await chip.dragTo(page.getByTestId(`visit-day-${tomorrow}`));
      expect((await (await moved).json()).status).toBe(200);
      await expect.poll(async () => (await mine())[0]?.plannedDate).toBe(tomorrow);
      plannedDate = tomorrow;
      await expect.poll(async () => page.getByTestId(`visit-day-${tomorrow}`).locator(`[data-visit-id="${visit!.id}"]`).count()).toBe(1);
    }

    // The week view shows the visit's week, each visit with its plan and state.
    await page.getByTestId('visit-view').getByText('周', { exact: true }).click();
    // It opens on this week; a visit moved to tomorrow may be in the next.
    if (weekStart(plannedDate) !== weekStart(today)) await page.getByTestId('visit-week-next').click();
    await expect.poll(() => page.getByTestId(`visit-day-${plannedDate}`).locator(`[data-visit-id="${visit!.id}"]`).count()).toBe(1);
    expect(await chip.textContent()).toContain(plan!.name);
    await expect.poll(() => page.locator('[data-testid^="visit-day-"]').count()).toBe(7);
    await page.getByTestId('visit-week-next').click();
    await expect.poll(() => chip.count()).toBe(0);
    await page.getByTestId('visit-week-previous').click();
    await expect.poll(() => chip.count()).toBe(1);

    // Opened, cancelled with a reason: off the calendar, back with 显示已取消.
    await chip.click();
    await page.getByTestId('visit-summary').waitFor();
    await page.getByTestId('visit-cancel').click();
    await page.getByTestId('visit-cancel-reason').fill('门店临时停业');
    const cancelled = page.waitForResponse((response) => response.url().endsWith(VisitPaths.cancel));
    await page.locator('.arco-modal').filter({ has: page.getByTestId('visit-cancel-reason') }).getByRole('button', { name: '确定' }).click();
    expect((await (await cancelled).json()).status).toBe(200);
    await expect.poll(() => chip.count()).toBe(0);
    await page.getByTestId('visit-with-cancelled').click();
    await expect.poll(() => chip.count()).toBe(1);
    expect((await mine())[0]).toMatchObject({ state: JobOrderState.cancelled, cancelReason: '门店临时停业', plannedDate });
    await close();

    // A customer's manager sees the calendar, and no button to plan.
    const manager = await session.open(routePaths.visitSchedule, { account: '13800000001', viewport: { width: 1440, height: 1000 } });
    await manager.page.getByTestId('visit-calendar').waitFor();
    expect(await manager.page.getByTestId('visit-add').count()).toBe(0);
    expect(await manager.page.getByTestId('visit-plan-month').count()).toBe(0);
    await manager.close();

    const [user] = (await session.api<{ records: { id: number; account: string; version: number }[] }>(AccountPaths.userList, { body: { current: 1, size: 50, keyword: account } })).records;
    await session.api(AccountPaths.userDisable, { body: { id: user!.id } });
  });
});
