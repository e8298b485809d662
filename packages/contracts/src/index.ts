export * from './errors';
export * from './auth';
export * from './profile';
export * from './events';
export * from './queues';
export * from './contact';
export * from './plans';
export * from './billing';
