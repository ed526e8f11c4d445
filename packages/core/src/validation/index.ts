export * from './parser';
export * from './validators';
export * from './messages';
