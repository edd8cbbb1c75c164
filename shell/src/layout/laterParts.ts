/**
 * The shell's parts that only some visits need, each a chunk of its own (@storefront/shared/later-module):
 * a desktop's main menu and search box (chunk desktop-*, which a desktop's index.html preloads and the first
 * render waits for), a phone's slide-in menu and bottom navbar, and the quick view (chunks
 * later-*, loaded when first wanted). e2e/support/firstLoad.ts counts desktop-* on a desktop only,
 * and later-* on neither. Nothing from the @storefront/shared singleton here: the bootstrap
 * imports this before it evaluates the shared package, in a task of its own.
 */
import { laterModule } from '@storefront/shared/later-module';

export const desktopHeader = laterModule('the desktop header', () => import(/* webpackChunkName: "desktop-header" */ './DesktopHeader'));
export const mobileMenu = laterModule('the menu', () => import(/* webpackChunkName: "later-mobile-menu" */ './MobileMenu'));
export const bottomNavbar = laterModule('the bottom navbar', () => import(/* webpackChunkName: "later-bottom-navbar" */ './BottomNavbar'));
/**
 * The pages' titles and descriptions, and the focus moved on a navigation. A page the server drew
 * came with its title (edge/src/page.ts), and the first page needs no focus moved: they load with
 * the shopper's first interaction or navigation; on a page the browser drew, at once.
 */
export const navigationParts = laterModule('the page titles', () => import(/* webpackChunkName: "later-navigation" */ '../app/navigationParts'));
/** The back-to-top button, once the page has scrolled far enough to show it. */
export const scrollToTopParts = laterModule('the back-to-top button', () => import(/* webpackChunkName: "later-scroll-top" */ './ScrollToTop'));
export const quickViewModal = laterModule('the quick view', () => import(/* webpackChunkName: "later-quick-view" */ './QuickViewModal'));
