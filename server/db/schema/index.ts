export * from './analytics';
export * from './builds';
export * from './comments';
export * from './content';
export * from './coordination';
export * from './newsletter';
export * from './settings';
export * from './users';
