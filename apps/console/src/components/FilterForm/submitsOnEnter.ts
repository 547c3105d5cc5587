import type { KeyboardEvent } from 'react';

/**
 * Pickers whose own inputs take Enter (a date typed into a range picker, a search in a select or
 * the organisation tree, a tag in a tag input): there Enter confirms the choice, it does not query.
 */
const CHOOSERS = '.arco-picker, .arco-select, .arco-tree-select, .arco-cascader, .arco-input-tag, .arco-auto-complete';

/**
 * Whether this key press asks the filter form to query: Enter in one of its plain text fields
 * (工单名称, 服务人员, a device's number), as a search box does, and not while an input method is
 * still composing (Enter then picks the Chinese characters typed).
 */
export function submitsOnEnter(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  return target.matches('input.arco-input') && target.closest(CHOOSERS) === null;
}
