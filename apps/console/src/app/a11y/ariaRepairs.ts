import i18n from 'i18next';

/**
 * Arco Design's markup breaks a few ARIA rules that no prop reaches (axe-core, critical and
 * serious): the menu's group headers carry aria-expanded without a role, a searchable select keeps
 * its hidden input focusable, tab headers lack their tablist, the page-size box is a labelled div,
 * a table's scrolling regions cannot be reached by keyboard, table selection checkboxes and inputs
 * without a visible label have no name, and tree nodes count their level from 0. Each repair
 * below sets only attributes React does not own on those elements, so re-renders keep it; one
 * observer over the document applies them to whatever any screen renders, dialogs included.
 */
type Repair = (root: ParentNode) => void;

function each<E extends Element>(root: ParentNode, selector: string, fix: (element: E) => void): void {
  if (root instanceof Element && root.matches(selector)) fix(root as E);
  root.querySelectorAll<E>(selector).forEach(fix);
}

const setIfChanged = (element: Element, name: string, value: string) => {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
};

/** A menu group's header opens its items: a menuitem that says whether it is expanded. */
const menuGroupHeaders: Repair = (root) =>
  each(root, '.arco-menu [aria-expanded][aria-controls]:not([role])', (header) => header.setAttribute('role', 'menuitem'));

/** A select shows its value in a span and hides its search input: the select itself takes the focus. */
const hiddenInputs: Repair = (root) => each(root, 'input[aria-hidden="true"]', (input) => setIfChanged(input, 'tabindex', '-1'));

/** The tabs' header row is their tablist; a tab whose panel is not rendered controls nothing. */
const tabs: Repair = (root) => {
  each(root, '.arco-tabs-header:not([role])', (header) => header.setAttribute('role', 'tablist'));
  each(root, '[role="tab"][aria-controls]', (tab) => {
    const id = tab.getAttribute('aria-controls')!;
    if (!document.getElementById(id)) tab.removeAttribute('aria-controls');
  });
};

/** The page-size box is named "每页条数" by Arco on a plain div: a group may carry that name. */
const paginationOptions: Repair = (root) => each(root, '.arco-pagination-option[aria-label]:not([role])', (box) => box.setAttribute('role', 'group'));

/**
 * ARIA counts tree levels from 1, Arco from 0. The level is read from the node's indent blocks (one
 * per level), not from the attribute, so applying the repair twice, or after React wrote the
 * attribute again for a reused row, gives the same answer.
 */
const treeLevels: Repair = (root) =>
  each(root, '.arco-tree-node[role="treeitem"]', (node) =>
    setIfChanged(node, 'aria-level', String(node.querySelectorAll(':scope > .arco-tree-node-indent > .arco-tree-node-indent-block').length + 1)),
  );

/** Reachable by Tab: a table header's select-all checkbox is an input taken out of the order (hiddenInputs), so not. */
const FOCUSABLE = ['a[href]', 'button', 'input', 'select', 'textarea', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"]):not(:disabled)`)
  .join(', ');

/**
 * A table scrolled by keyboard needs something in it to focus: a table of text has nothing, so the
 * region takes the focus. Without a fixed header the whole table scrolls in its content-inner.
 */
const scrollRegions: Repair = (root) =>
  each(root, '.arco-table-header, .arco-table-body, .arco-table-tfoot, .arco-table-content-inner:not(:has(.arco-table-body))', (region) => {
    if (!region.hasAttribute('tabindex') && !region.querySelector(FOCUSABLE)) region.setAttribute('tabindex', '0');
  });

function hasName(control: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (control.getAttribute('aria-label')?.trim() || control.getAttribute('aria-labelledby')) return true;
  return [...(control.labels ?? [])].some((label) => label.textContent?.trim());
}

/** The label a form item shows beside its control, if the control sits in one. */
function formItemLabel(control: Element): string | undefined {
  const item = control.closest('.arco-form-item');
  return item?.querySelector('.arco-form-label-item label, .arco-form-label-item')?.textContent?.replace(/[:：*]/g, '').trim() || undefined;
}

function nameOf(control: HTMLInputElement | HTMLTextAreaElement): string | undefined {
  if (control.type === 'checkbox' || control.type === 'radio') {
    if (control.closest('.arco-table-th')) return i18n.t('common:a11y.selectAll');
    if (control.closest('.arco-table-td')) return i18n.t('common:a11y.selectRow');
  }
  if (control.closest('.arco-pagination-jumper')) return i18n.t('common:a11y.goToPage');
  return control.placeholder.trim() || formItemLabel(control) || control.closest('[role="combobox"]')?.textContent?.trim() || undefined;
}

/** Every control has a name: its visible label, else its placeholder, its form item's label or what it selects. */
const controlNames: Repair = (root) =>
  each<HTMLInputElement | HTMLTextAreaElement>(root, 'input:not([type="hidden"]), textarea', (control) => {
    if (hasName(control) && !control.dataset.a11yName) return;
    const name = nameOf(control);
    if (!name || control.getAttribute('aria-label') === name) return;
    control.setAttribute('aria-label', name);
    // Ours to renew when the placeholder or the language changes; a name React gave stays React's.
    control.dataset.a11yName = 'repaired';
  });

const REPAIRS: readonly Repair[] = [menuGroupHeaders, hiddenInputs, tabs, paginationOptions, treeLevels, scrollRegions, controlNames];

function repair(root: ParentNode): void {
  for (const fix of REPAIRS) fix(root);
}

/** Applies the repairs to `root` now and to whatever is rendered or changed in it from now on. */
export function watchAriaRepairs(root: HTMLElement): () => void {
  repair(root);
  // Only the changed subtrees, once per batch: a chart's tooltip changes on every move of the mouse,
  // and a 500-row table adds thousands of nodes at once.
  const changed = new Set<Element>();
  const observer = new MutationObserver((mutations) => {
    const first = changed.size === 0;
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') changed.add(mutation.target as Element);
      mutation.addedNodes.forEach((node) => {
        const element = node instanceof Element ? node : node.parentElement;
        if (element) changed.add(element);
      });
    }
    if (!first || changed.size === 0) return;
    queueMicrotask(() => {
      const elements = [...changed];
      changed.clear();
      for (const element of elements) if (element.isConnected) repair(element);
    });
  });
  // The attributes repairs look for, which Arco may add after the element is in the page (a menu
  // group's aria-controls comes with its id, a render after the first).
  const attributeFilter = ['aria-controls', 'aria-expanded', 'aria-hidden', 'aria-level', 'placeholder'];
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter });
  const onLanguage = () => repair(root);
  i18n.on('languageChanged', onLanguage);
  return () => {
    observer.disconnect();
    i18n.off('languageChanged', onLanguage);
  };
}
