import { modulesForPath, type ModuleRef } from './routeModules';

/** The remote modules the page in this window draws on arrival. */
export function modulesForThisPage(): ModuleRef[] {
  return modulesForPath(window.location.pathname);
}
