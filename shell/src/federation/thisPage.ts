import { isDesktopWidth } from '../behaviour/thresholds';
import { modulesForPath, type ModuleRef } from './routeModules';

/** The remote modules the page in this window draws on arrival. */
export function modulesForThisPage(): ModuleRef[] {
  return modulesForPath(window.location.pathname, { desktop: isDesktopWidth(window.innerWidth) });
}
