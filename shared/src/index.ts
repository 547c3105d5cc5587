export * from './constants.ts';
export * from './contract/envelope.ts';
export * from './contract/session.ts';
export * from './rules/params.ts';
