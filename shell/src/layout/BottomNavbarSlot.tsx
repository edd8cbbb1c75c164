import { SHELL_THRESHOLDS } from '../behaviour/thresholds';
import { useScrollY, useViewportWidth } from '../behaviour/viewport';
import { bottomNavbar } from './laterParts';

/**
 * The bottom navbar, loaded as soon as a narrow page starts to scroll: it is in long before the
 * 400 px from which it shows.
 */
export function BottomNavbarSlot() {
  const narrow = useViewportWidth() <= SHELL_THRESHOLDS.bottomNavMaxWidth;
  const scrolled = useScrollY() > 0;
  const module = bottomNavbar.useLoaded(narrow && scrolled);
  return module ? <module.BottomNavbar /> : null;
}
