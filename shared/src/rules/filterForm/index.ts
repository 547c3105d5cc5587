// The filter form's rules (console-spec sections 3 to 5): what it holds, what it sends, when it refuses.
export * from './config.ts';
export * from './state.ts';
export * from './filterParams.ts';
export * from './messages.ts';
export * from './verdict.ts';
export * from './screenForms.ts';
