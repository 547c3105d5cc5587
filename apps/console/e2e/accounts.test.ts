import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AccountPaths,
  BuiltInRole,
  CustomerKind,
  CustomerPaths,
  CustomerState,
  Permission,
  SessionPaths,
  type AccountRow,
  type CustomerDetail,
  type Page as ListPage,
  type RoleRow,
} from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { baseUrl, loginAs, newPage, useBrowser } from './browser.ts';
import { signInToken } from './chromium.ts';

/**
 * 系统管理 against the real server: the admin gives a store's manager an account with a password,
 * who must choose their own at the first sign-in and then sees that store alone; disabling the
 * account sends its open page back to the login at once. A role made in the role editor decides
 * which menu entries its holder sees. The files share one database: names carry this run's stamp,
 * and what this file creates ends disabled.
 */
const session = useBrowser();
const STAMP = Date.now().toString(36);
const DESKTOP = { width: 1440, height: 900 };

const rowOf = (page: Page, account: string) =>
  page.getByTestId('account-table').locator('tbody tr', { has: page.getByTestId('account-account').getByText(account, { exact: true }) });

/** Opens a select of the dialog by its test id, types to search if asked, and picks the option with this text from its own list. */
async function pick(page: Page, testId: string, option: string, typed?: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  if (typed) await page.keyboard.type(typed);
  const list = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
  await list.locator('.arco-select-option', { hasText: option }).first().click();
  // A multiple select stays open after a pick, over the fields below: a click on the title closes it.
  await page.locator('.arco-modal-title').click();
  await list.waitFor({ state: 'hidden' });
}

async function searchFor(page: Page, keyword: string): Promise<void> {
  await page.locator('input[data-testid="account-keyword"], [data-testid="account-keyword"] input').first().fill(keyword);
  const answered = page.waitForResponse((response) => response.url().endsWith(AccountPaths.userList) && response.request().postData()?.includes(keyword) === true);
  await page.getByTestId('account-query').click();
  await answered;
}

async function saveDialog(page: Page, testId: string, path: string): Promise<{ status: number; message: string }> {
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await page.getByTestId(`${testId}-save`).click();
  return (await (await answered).json()) as { status: number; message: string };
}

/** An account's own first sign-in through the API: the given password exchanged for `chosen`. */
async function chooseOwnPassword(account: string, given: string, chosen: string): Promise<void> {
  const token = await signInToken(baseUrl(), account, given);
  const res = await fetch(new URL(SessionPaths.changePassword, baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ oldPassword: given, newPassword: chosen }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

const accountRow = async (account: string) =>
  (await session.api<ListPage<AccountRow>>(AccountPaths.userList, { body: { current: 1, size: 20, keyword: account } })).records.find((row) => row.account === account)!;

describe('accounts and roles', () => {
  it("creates a store manager's account who changes the given password, sees that store alone, and is sent to the login when disabled", async () => {
    const account = `e2e.store.${STAMP}`;
    const [store] = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 1, kinds: [CustomerKind.store], state: CustomerState.active } }))
      .records;
    const { page: admin, close: closeAdmin } = await session.open(routePaths.systemUsers, { viewport: DESKTOP });
    await admin.getByTestId('account-table').locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();

    await admin.getByTestId('account-add').click();
    await admin.getByTestId('account-account-input').fill(account);
    await admin.getByTestId('account-name-input').fill('E2E店长');
    await pick(admin, 'account-roles-input', BuiltInRole.customerManager.roleName);
    await pick(admin, 'account-customer-input', store!.name, store!.name);
    // 生成 fills a 12-character password the admin can read out; this test chooses its own.
    await admin.getByTestId('account-password-generate').click();
    expect(await admin.getByTestId('account-password-input').inputValue()).toHaveLength(12);
    await admin.getByTestId('account-password-input').fill('Given-pass-1');
    expect(await saveDialog(admin, 'account', AccountPaths.userSave)).toMatchObject({ status: 200 });
    await admin.getByTestId('account-form').waitFor({ state: 'detached' });
    await searchFor(admin, account);
    const row = rowOf(admin, account);
    expect(await row.getByTestId('account-customer').innerText()).toBe(store!.name);
    expect(await row.getByTestId('account-roles').innerText()).toBe(BuiltInRole.customerManager.roleName);
    expect(await row.getByTestId('account-state').innerText()).toBe('正常');

    // The person signs in with the given password and must choose their own first.
    const { context, page: manager } = await newPage(session.browser, { viewport: DESKTOP });
    await manager.goto(routePaths.login);
    await manager.getByTestId('login-account').fill(account);
    await manager.getByTestId('login-password').fill('Given-pass-1');
    await manager.getByTestId('login-submit').click();
    await manager.getByTestId('change-password-page').waitFor();
    await manager.getByTestId('old-password').fill('Given-pass-1');
    await manager.getByTestId('new-password').fill('Own-pass-2026');
    await manager.getByTestId('confirm-password').fill('Own-pass-2026');
    await manager.getByTestId('change-password-submit').click();
    await manager.getByTestId('change-password-page').waitFor({ state: 'detached' });
    await manager.goto(routePaths.customerList);
    const customers = manager.getByTestId('customer-table');
    await customers.locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();
    expect(await customers.getByTestId('customer-name').allInnerTexts()).toEqual([store!.name]);

    // Disabled: the confirmation says the sessions end, and the open page goes back to the login.
    await searchFor(admin, account);
    await rowOf(admin, account).getByTestId('account-disable').click();
    const confirm = admin.locator('.arco-popconfirm');
    expect(await confirm.innerText()).toContain('会话将立即结束');
    const disabled = admin.waitForResponse((response) => response.url().endsWith(AccountPaths.userDisable));
    await confirm.getByRole('button', { name: '确定' }).click();
    expect((await disabled).status()).toBe(200);
    await expect.poll(() => rowOf(admin, account).getByTestId('account-state').innerText()).toBe('已停用');
    await manager.waitForURL(/\/login/, { timeout: 15_000 });
    await context.close();
    await closeAdmin();
  });

  it('saves a role from the role editor whose permissions decide the menu its holder sees', async () => {
    const roleName = `E2E角色${STAMP}`;
    const account = `e2e.role.${STAMP}`;
    const { page: admin, close: closeAdmin } = await session.open(routePaths.systemRoles, { viewport: DESKTOP });
    const roles = admin.getByTestId('role-table');
    await roles.locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();

    // The administrator's permissions are all checked and cannot be changed.
    await roles.locator('tbody tr', { has: admin.getByTestId('role-name').getByText(BuiltInRole.admin.roleName, { exact: true }) }).getByTestId('role-edit').click();
    const boxes = admin.getByTestId('role-permissions-input').locator('input[type="checkbox"]');
    expect(await boxes.count()).toBe(Object.values(Permission).length);
    for (const box of await boxes.all()) {
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await admin.getByRole('button', { name: '取消' }).click();
    await admin.getByTestId('role-form').waitFor({ state: 'detached' });

    // A new role: checking 编辑客户 checks 客户管理 with it; 设备与告警 checked and unchecked again.
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name-input').fill(roleName);
    const box = (permission: Permission) => admin.getByTestId(`role-permission-${permission}`).locator('input[type="checkbox"]');
    await admin.getByTestId(`role-permission-${Permission.customersManage}`).click();
    expect(await box(Permission.customersView).isChecked()).toBe(true);
    await admin.getByTestId(`role-permission-${Permission.devicesManage}`).click();
    await admin.getByTestId(`role-permission-${Permission.devicesView}`).click();
    expect(await box(Permission.devicesManage).isChecked()).toBe(false);
    expect(await saveDialog(admin, 'role', AccountPaths.roleSave)).toMatchObject({ status: 200 });
    await admin.getByTestId('role-form').waitFor({ state: 'detached' });
    const roleRow = roles.locator('tbody tr', { has: admin.getByTestId('role-name').getByText(roleName, { exact: true }) });
    expect(await roleRow.getByTestId('role-permissions').innerText()).toBe('客户管理、编辑客户');

    // Someone holding it sees 客户列表 and not the device screens nor 服务报告.
    const role = (await session.api<RoleRow[]>(AccountPaths.roleList, { body: {} })).find((row) => row.roleName === roleName)!;
    await session.api(AccountPaths.userSave, { body: { account, name: 'E2E角色持有人', roleIds: [role.id], customerId: null, password: 'Given-pass-3' } });
    await chooseOwnPassword(account, 'Given-pass-3', 'Own-pass-2027');
    const { context, page: holder } = await newPage(session.browser, { viewport: DESKTOP });
    await loginAs(context, account, 'Own-pass-2027');
    await holder.goto(routePaths.customerList);
    await holder.getByTestId(`menu-item-${routePaths.customerList}`).waitFor();
    expect(await holder.getByTestId(`menu-group-${routePaths.equipment}`).count()).toBe(0);
    expect(await holder.getByTestId(`menu-item-${routePaths.serviceRecord}`).count()).toBe(0);

    // The role changed in the editor: 客户管理 out, 设备与告警 in; the holder's next load shows it.
    await roleRow.getByTestId('role-edit').click();
    await admin.getByTestId(`role-permission-${Permission.customersView}`).click();
    expect(await box(Permission.customersManage).isChecked()).toBe(false);
    await admin.getByTestId(`role-permission-${Permission.devicesView}`).click();
    expect(await saveDialog(admin, 'role', AccountPaths.roleSave)).toMatchObject({ status: 200 });
    await holder.goto(routePaths.mouseBox);
    await holder.getByTestId(`menu-group-${routePaths.equipment}`).waitFor();
    expect(await holder.getByTestId(`menu-item-${routePaths.customerList}`).count()).toBe(0);

    await context.close();
    await session.api(AccountPaths.userDisable, { body: { id: (await accountRow(account)).id } });
    await closeAdmin();
  });
});
