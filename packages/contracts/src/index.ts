export * from './constants';
export * from './errors';
export * from './validation';
export * from './health';
export * from './configuration';
export * from './permissions';
export * from './identity';
