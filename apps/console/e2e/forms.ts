import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a select by its test id, types to search if asked, and picks the option with this text from its own list. */
export async function chooseOption(page: Page, testId: string, label: string, typed?: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  if (typed) await page.keyboard.type(typed);
  await page.locator(`[id="${await select.getAttribute('aria-controls')}"] .arco-select-option`, { hasText: label }).first().click();
}

/** Saves a form dialog (`${form}-save`), expects the server's 200 for `path`, and waits for the dialog to go. */
export async function saveForm(page: Page, form: string, path: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await page.getByTestId(`${form}-save`).click();
  const envelope = (await (await answered).json()) as { status: number; message: string };
  expect(envelope.status, envelope.message).toBe(200);
  await page.getByTestId(`${form}-form`).waitFor({ state: 'detached' });
}
