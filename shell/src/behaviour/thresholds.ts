/**
 * The page shell's numbers (docs/behaviour.md#shell-thresholds), in one place. Widths are the viewport's CSS width
 * (`window.innerWidth`, what media queries read).
 */
export const SHELL_THRESHOLDS = {
  /** From this width up the desktop header (and no mobile menu); below it the mobile one. */
  desktopMinWidth: 992,
  /** The sticky bottom navbar shows at widths up to and including this… */
  bottomNavMaxWidth: 576,
  /** …once the page has scrolled this far. */
  bottomNavScrollY: 400,
  /** The scroll-to-top button shows from this scroll position. */
  scrollToTopY: 600,
} as const;

export const isDesktopWidth = (width: number) => width >= SHELL_THRESHOLDS.desktopMinWidth;
export const showsBottomNav = (width: number, scrollY: number) =>
  width <= SHELL_THRESHOLDS.bottomNavMaxWidth && scrollY >= SHELL_THRESHOLDS.bottomNavScrollY;
export const showsScrollToTop = (scrollY: number) => scrollY >= SHELL_THRESHOLDS.scrollToTopY;

/** A wide screen as a media query: the shell's index.html preloads its desktop chunks for these only. */
export const DESKTOP_MEDIA = `(min-width: ${SHELL_THRESHOLDS.desktopMinWidth}px)`;
