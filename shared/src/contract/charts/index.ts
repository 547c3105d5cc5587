// The chart contract, one file per chart family; chart-fields.ts stays internal.
export * from './chart-calls.ts';
export * from './point-trend.ts';
export * from './pest-dashboard.ts';
export * from './group-rates.ts';
export * from './pest-work.ts';
export * from './risk-chart.ts';
