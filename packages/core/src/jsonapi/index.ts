export * from './types';
export * from './case';
export * from './sort';
export * from './query';
export * from './deserialize';
