import type { Page } from 'playwright-core';

/** Below 992 px the filter form is folded to its 筛选 bar: unfolds it, once it is there, so its fields can be used. */
export async function unfoldFilters(page: Page): Promise<void> {
  await page.getByTestId('filter-form').waitFor();
  const toggle = page.getByTestId('filter-toggle');
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}
