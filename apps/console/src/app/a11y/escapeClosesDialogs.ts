/**
 * Escape closes a dialog or drawer from any of its fields. Arco's select (and the selects built on
 * it: tree select, cascader) stops every Escape from going further, even with its list closed, so
 * a drawer whose first field is a select, where the focus lands when it opens, could not be closed
 * from the keyboard. Listening before the select, an Escape on a closed select inside a dialog
 * closes that dialog the way its close button does; with the list open, Escape closes the list.
 */
const DIALOG = '.arco-drawer-wrapper, .arco-modal-wrapper';
const CLOSE_BUTTON = ':scope .arco-drawer-close-icon, :scope .arco-modal-close-icon';

export function watchEscapeFromSelects(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
    if (!event.target.closest('[role="combobox"][aria-expanded="false"]')) return;
    const dialog = event.target.closest(DIALOG);
    const close = dialog?.querySelector<HTMLElement>(CLOSE_BUTTON);
    // The nearest dialog's own button: a photo viewer opened over a dialog closes first.
    if (close && close.closest(DIALOG) === dialog) close.click();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
