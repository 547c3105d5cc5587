import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmKind, NotifyMessages, NotifyPaths, TOKEN_COOKIE } from '@pest/shared';
import { signIn, startHttpReceiver, type Received } from '@pest/server/testing';
import { launchBrowser, USER_CONTEXT } from './browser.ts';
import { startInProcessProduct, type InProcessProduct } from './inProcessProduct.ts';

const DEMO_ORGANISATION_ID = 1;
const SECRET = 'whsec-e2e-0123456789';
const HOOK_PATH = '/hooks/pest';

/**
 * 通知设置 and 通知记录 in a browser, against a product that may send to a webhook receiver on
 * loopback (NOTIFY_ALLOWED_HOSTS) and groups alarms for only half a second.
 */
describe('notifications: a webhook channel, 发送测试, a rule, a capture that reaches the receiver, 通知记录', () => {
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  let product: InProcessProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const channelName = '客户系统 Webhook';

  const signedBy = (request: Received, secret: string) =>
    request.headers['x-signature'] === `sha256=${createHmac('sha256', secret).update(`${request.headers['x-timestamp'] as string}.${request.body}`).digest('hex')}`;
  const hooks = () => receiver.received.filter((request) => request.method === 'POST' && request.url.pathname === HOOK_PATH);

  const signedInContext = async (account: string, viewport = { width: 1440, height: 1000 }) => {
    const { authorization } = await signIn(product.backend.app, account);
    const browserContext = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport });
    await browserContext.addCookies([{ name: TOKEN_COOKIE, value: authorization.slice('Bearer '.length), url: product.url }]);
    return browserContext;
  };

  /** Opens a select and picks the option with this text from its own popup. */
  const choose = async (testId: string, text: string) => {
    const select = page.getByTestId(testId);
    await select.click();
    const popup = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
    await popup.locator('.arco-select-option', { hasText: text }).first().click();
  };

  beforeAll(async () => {
    receiver = await startHttpReceiver(() => ({ status: 200, body: '{"received":true}' }));
    // Its own product: the shared e2e server may not send to a receiver on a port chosen now, nor wait only 0.5 s.
    product = await startInProcessProduct({
      pollMs: 3_000,
      backendEnv: { NOTIFY_ALLOWED_HOSTS: receiver.host, NOTIFY_DIGEST_WINDOW_MS: '500', NOTIFY_TIMEOUT_MS: '5000' },
    });
    browser = await launchBrowser();
    context = await signedInContext('admin');
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await receiver?.close();
  });

  it('creates a webhook channel whose secret is never shown again, and 发送测试 answers in its row', async () => {
    await page.goto('/notify/settings');
    await page.getByTestId('notify-channels').waitFor();
    await page.getByTestId('channel-add').click();
    await choose('channel-type', 'Webhook');
    await page.getByTestId('channel-name').fill(channelName);
    // An address on the company's own network: refused under the field, saying who may allow it, not in a toast.
    await page.getByTestId('channel-url').fill('https://192.168.10.5/hooks/pest');
    await page.getByTestId('channel-save').click();
    const refusal = page.getByTestId('channel-url-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(NotifyMessages.urlPrivate);
    expect(await page.locator('.arco-message', { hasText: NotifyMessages.urlPrivate }).count()).toBe(0);
    await page.getByTestId('channel-url').fill(receiver.url(HOOK_PATH));
    await refusal.waitFor({ state: 'detached' });
    await page.getByTestId('channel-secret').fill(SECRET);
    await page.getByTestId('channel-save').click();

    const row = page.getByTestId('channel-row').filter({ hasText: channelName });
    await row.waitFor();
    expect(await row.innerText()).toContain('已设置密钥');
    expect(await page.content()).not.toContain(SECRET);

    // Edit: the secret field is empty, and says a secret is kept.
    await row.getByTestId('channel-edit').click();
    const secret = page.getByTestId('channel-secret');
    expect(await secret.inputValue()).toBe('');
    expect(await secret.getAttribute('placeholder')).toBe('已设置，留空则不修改');
    await page.locator('.arco-drawer').getByRole('button', { name: '取消' }).click();
    await page.locator('.arco-drawer').waitFor({ state: 'hidden' });

    const before = hooks().length;
    await row.getByTestId('channel-test').click();
    const result = row.getByTestId('channel-test-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.innerText()).toMatch(/发送成功 · HTTP 200[\s\S]*\{"received":true\}/);
    const got = hooks().slice(before);
    expect(got).toHaveLength(1);
    expect(signedBy(got[0]!, SECRET)).toBe(true);
  });

  it('makes a rule for the demo organisation\'s captures; a signed capture report reaches the receiver and shows as 已发送 in 通知记录', async () => {
    const [organisation] = await product.backend.db.query<{ name: string }>('select name from customers where id = $1', [DEMO_ORGANISATION_ID]);
    await page.getByTestId('notify-tab-rules').click();
    await page.getByTestId('rule-add').click();
    await page.getByTestId('rule-name').fill('捕鼠即时通知');
    await page.getByTestId('organisation-tree').click();
    const tree = page.getByTestId('organisation-tree-dropdown');
    await tree.locator('.arco-tree-node-title', { hasText: organisation!.name }).first().click();
    await expect.poll(() => tree.locator('.arco-tree-node-selected .arco-tree-node-title', { hasText: organisation!.name }).count()).toBe(1);
    await page.locator('.arco-drawer-header').click();
    await choose('rule-kinds', '触发捕鼠');
    await page.locator('.arco-drawer-header').click();
    await choose('rule-channels', channelName);
    await page.locator('.arco-drawer-header').click();
    await page.getByTestId('rule-save').click();

    const row = page.getByTestId('rule-row').filter({ hasText: '捕鼠即时通知' });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(organisation!.name);
    expect(rowText).toContain('触发捕鼠');
    expect(rowText).toContain(channelName);

    // A box of the demo organisation with no capture waiting, so this one is a new alarm.
    const [box] = await product.backend.db.query<{ id: number; deviceName: string }>(
      `select d.id, d.name as "deviceName" from devices d join customers s on s.id = d.customer_id
       where s.path[1] = $1 and d.gateway_id is null and d.secret is not null
         and not exists (select 1 from device_events e where e.device_id = d.id and e.kind = $2 and e.state <> 'handled')
       order by d.id limit 1`,
      [DEMO_ORGANISATION_ID, AlarmKind.trigger],
    );
    const before = hooks().length;
    expect((await product.report(box!.id, { event: 'capture' })).status).toBe(200);
    await expect.poll(() => hooks().length, { timeout: 20_000 }).toBe(before + 1);
    const delivered = hooks()[before]!;
    expect(signedBy(delivered, SECRET)).toBe(true);
    const body = JSON.parse(delivered.body) as { alarms: { kindLabel: string; device?: unknown }[] };
    expect(body.alarms).toHaveLength(1);
    expect(body.alarms[0]!.kindLabel).toBe('触发捕鼠');
    expect(delivered.body).toContain(box!.deviceName);

    await page.goto('/notify/log');
    await page.getByTestId('notify-log-page').waitFor();
    const sent = page.getByTestId('delivery-row').filter({ hasText: '捕鼠即时通知' });
    await expect
      .poll(
        async () => {
          await page.getByTestId('delivery-query').click();
          return (await sent.count()) > 0 ? sent.first().getByTestId('delivery-status').getAttribute('data-status') : null;
        },
        { timeout: 20_000 },
      )
      .toBe('sent');
    const text = await sent.first().innerText();
    expect(text).toContain('已发送');
    expect(text).toContain(channelName);
    expect(text).toContain('单条');
    // The 发送测试 is logged too.
    expect(await page.getByTestId('delivery-row').filter({ hasText: '测试' }).count()).toBeGreaterThan(0);
  });

  it('shows why a rule was refused under the field concerned, its own check\'s and the server\'s, not in a toast', async () => {
    const [organisation] = await product.backend.db.query<{ name: string }>('select name from customers where id = $1', [DEMO_ORGANISATION_ID]);
    const [gone] = await product.backend.db.query<{ id: number }>(
      `insert into notify_channels (type, name, url, created_by) values ('webhook', '即将删除', $1, 1) returning id`,
      [receiver.url('/gone')],
    );
    await page.goto('/notify/settings');
    await page.getByTestId('notify-tab-rules').click();
    await page.getByTestId('rule-add').click();
    await page.getByTestId('rule-save').click();
    const nameRefusal = page.getByTestId('rule-name-refusal');
    expect(await nameRefusal.innerText()).toBe('请填写名称');
    await page.getByTestId('rule-name').fill('渠道已删');
    await nameRefusal.waitFor({ state: 'detached' });

    await page.getByTestId('organisation-tree').click();
    const tree = page.getByTestId('organisation-tree-dropdown');
    await tree.locator('.arco-tree-node-title', { hasText: organisation!.name }).first().click();
    await page.locator('.arco-drawer-header').click();
    await choose('rule-channels', '即将删除');
    await page.locator('.arco-drawer-header').click();
    // The channel is deleted elsewhere while the form is open: the server refuses it, naming channelIds.
    await product.backend.db.query('delete from notify_channels where id = $1', [gone!.id]);
    const refused = page.waitForResponse((response) => response.url().endsWith(NotifyPaths.ruleSave));
    await page.getByTestId('rule-save').click();
    expect(await (await refused).json()).toMatchObject({ status: 400, data: { field: 'channelIds' } });
    const channelRefusal = page.getByTestId('rule-channelIds-refusal');
    expect(await channelRefusal.innerText()).toBe(NotifyMessages.channelNotFound);
    expect(await page.locator('.arco-message', { hasText: NotifyMessages.channelNotFound }).count()).toBe(0);
    await choose('rule-channels', channelName);
    await channelRefusal.waitFor({ state: 'detached' });
    await page.locator('.arco-drawer').getByRole('button', { name: '取消' }).click();
    await page.locator('.arco-drawer').waitFor({ state: 'hidden' });
  });

  it('switches a rule off at once from its row, and refuses to delete a channel a rule uses with the server\'s reason', async () => {
    await page.goto('/notify/settings');
    await page.getByTestId('notify-tab-rules').click();
    const row = page.getByTestId('rule-row').filter({ hasText: '捕鼠即时通知' });
    const saved = page.waitForResponse((response) => response.url().endsWith(NotifyPaths.ruleSave));
    await row.getByTestId('rule-enabled-switch').click();
    expect(((await (await saved).json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
    const [stored] = await product.backend.db.query<{ enabled: boolean }>(`select enabled from notify_rules where name = '捕鼠即时通知'`);
    expect(stored!.enabled).toBe(false);

    await page.getByTestId('notify-tab-channels').click();
    await page.getByTestId('channel-row').filter({ hasText: channelName }).getByTestId('channel-delete').click();
    await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
    await page.locator('.arco-message', { hasText: NotifyMessages.channelInUse }).waitFor();
    expect(await page.getByTestId('channel-row').filter({ hasText: channelName }).count()).toBe(1);
  });

  it('keeps the admin\'s channel from a customer\'s manager', async () => {
    const managerContext = await signedInContext('13800000001');
    const managerPage = await managerContext.newPage();
    const listed = managerPage.waitForResponse((response) => response.url().endsWith(NotifyPaths.channelList));
    await managerPage.goto('/notify/settings');
    const names = ((await (await listed).json()) as { data: { name: string }[] }).data.map((channel) => channel.name);
    expect(names).not.toContain(channelName);
    await managerPage.getByTestId('notify-channels').waitFor();
    expect(await managerPage.getByTestId('channel-row').filter({ hasText: channelName }).count()).toBe(0);

    // His rules cover his own organisation, named, not chosen.
    const [own] = await product.backend.db.query<{ name: string }>('select name from customers where id = $1', [DEMO_ORGANISATION_ID]);
    await managerPage.getByTestId('notify-tab-rules').click();
    await managerPage.getByTestId('rule-add').click();
    expect(await managerPage.getByTestId('rule-organisation').inputValue()).toBe(own!.name);
    await managerContext.close();
  });

  it('fits a 390 px phone: no page-wide sideways scroll, the channel form full width', async () => {
    const phone = await signedInContext('admin', { width: 390, height: 844 });
    const phonePage = await phone.newPage();
    await phonePage.goto('/notify/settings');
    await phonePage.getByTestId('channel-row').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phonePage.getByTestId('channel-add').click();
    const drawer = phonePage.locator('.arco-drawer');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(390);
    await phonePage.goto('/notify/log');
    await phonePage.getByTestId('delivery-row').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });
});
