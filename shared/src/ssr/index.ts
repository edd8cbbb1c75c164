/** Browser-safe parts of server rendering (the contract and the viewport context); server.tsx is for server bundles. */
export * from './contract';
export { ServerViewportWidth, useServerViewportWidth } from './viewport';
export { useNotFoundStatus } from './pageStatus';
