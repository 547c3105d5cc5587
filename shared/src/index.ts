export * from './constants.ts';
export * from './contract/envelope.ts';
export * from './contract/api-messages.ts';
export * from './contract/app-config.ts';
export * from './contract/session.ts';
export * from './rules/params.ts';
export * from './rules/dateRange.ts';
