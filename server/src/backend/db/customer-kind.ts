/** customers.kind: the levels of a customer organisation's tree. */
export const CustomerKind = { organisation: 1, group: 2, store: 3 } as const;
