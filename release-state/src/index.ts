/** The composition package: what the edge, the compose command and the api share about what is live. */
export * from './remotes';
export * from './fileStat';
export * from './store';
export * from './fileStore';
export * from './pgStore';
export * from './environments';
export * from './canary';
export * from './pageView';
export * from './abort';
