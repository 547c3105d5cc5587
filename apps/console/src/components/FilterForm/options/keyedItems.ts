/**
 * An option list remembers what it was loaded for. The form shows it only while that is still
 * what the form asks for, so a plan list of the previous customer, or a response that arrives
 * after a newer request, never shows.
 */
export interface KeyedItems<T> {
  key: string;
  items: readonly T[];
}

const NONE: readonly never[] = [];

export function optionKey(...parts: readonly unknown[]): string {
  return JSON.stringify(parts);
}

export function itemsFor<T>(list: KeyedItems<T> | undefined, key: string): readonly T[] {
  return list?.key === key ? list.items : NONE;
}

/** What each dependent list is loaded for; the same key when loading and when showing. */
export const OptionKeys = {
  plans: (customerId: number | undefined) => optionKey('plans', customerId),
  serviceRegions: (mediumId: number | undefined) => optionKey('serviceRegions', mediumId),
  /** Device types in any order ask for the same points. */
  points: (mediumId: number | undefined, deviceTypeIds: readonly number[] = []) =>
    optionKey('points', mediumId, [...deviceTypeIds].sort((a, b) => a - b)),
  riskTypes: (riskId: number | undefined) => optionKey('riskTypes', riskId),
  riskIssues: (riskTypeIds: readonly number[] = []) => optionKey('riskIssues', [...riskTypeIds].sort((a, b) => a - b)),
  contacts: (areaId: number | undefined) => optionKey('contacts', areaId),
};
