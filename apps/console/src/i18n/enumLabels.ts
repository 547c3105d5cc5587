/**
 * An enum's labels keyed by the enum's values as text ('1', not 1), which is how i18next's types
 * see nested keys: t(`devices:kind.${row.deviceType}`) then type-checks against every kind.
 */
export const enumLabels = <K extends number>(labels: Record<K, string>) => labels as unknown as Record<`${K}`, string>;
