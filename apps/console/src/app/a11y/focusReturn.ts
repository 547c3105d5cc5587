/**
 * Arco's Modal and Drawer hold the focus inside while open (react-focus-lock) but do not give it
 * back when they close: it falls to the page's body and a keyboard user starts again from the top.
 * One listener over the document remembers, for each dialog the focus enters, the element that had
 * the focus before, and when that dialog is hidden or gone with the focus left nowhere (on the body
 * or still inside it), puts the focus back there, as the WAI-ARIA dialog pattern asks.
 */
const DIALOG = '.arco-modal-wrapper, .arco-drawer-wrapper';

const isShown = (dialog: Element): boolean => dialog.isConnected && dialog.checkVisibility();

export function watchFocusReturn(doc: Document = document): () => void {
  const openers = new Map<Element, HTMLElement>();
  let lastFocused: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    const dialog = event.target.closest(DIALOG);
    if (dialog && !openers.has(dialog) && lastFocused && !dialog.contains(lastFocused)) openers.set(dialog, lastFocused);
    lastFocused = event.target;
  };

  const giveBack = () => {
    for (const [dialog, opener] of openers) {
      if (isShown(dialog)) continue;
      openers.delete(dialog);
      const active = doc.activeElement;
      const focusLeftNowhere = !active || active === doc.body || dialog.contains(active);
      if (focusLeftNowhere && opener.isConnected) opener.focus();
    }
  };

  // Closing shows as a class or style on the wrapper, or the wrapper leaving the page (unmountOnExit).
  let pending = false;
  const observer = new MutationObserver(() => {
    if (openers.size === 0 || pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      giveBack();
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
