/** What telemetry gives other modules: the release-health answer the staff's routes serve. */
export { releaseHealthRoutes } from './releaseHealthRoutes';
