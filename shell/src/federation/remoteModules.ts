/**
 * Every module the shell loads from each remote: its side of the contract with the remotes.
 * `RemoteRegion` accepts only these (the type below), and release managers' checks
 * (`npm run compose -- check`) refuse a composition whose remotes do not expose them all.
 * Keep this file free of imports: the edge and the compose command read it on its own, through the
 * shell's package entry `shell/remote-modules`.
 */
export const REMOTE_MODULES = {
  'mfe-catalog': ['HomePage', 'ShopPage', 'HeaderSearch'],
  'mfe-product': ['ProductPage', 'QuickView'],
  'mfe-cart': ['HeaderLists', 'ListCount', 'CartPage', 'WishlistPage', 'CheckoutPage', 'OrderCompletePage', 'MiniPopup', 'AddToCart', 'WishlistToggle'],
  'mfe-account': ['AccountModals', 'LoginPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'AccountPage', 'OperatorPage', 'OrderLookupPage'],
} as const;

export type RemoteModule<Remote extends keyof typeof REMOTE_MODULES> = (typeof REMOTE_MODULES)[Remote][number];

/**
 * The props the shell passes each module it gives any: its use of the module, which a release must
 * keep taking. RemoteRegion's `props` are typed by it, so the shell's code is compiled against it,
 * and release managers' checks compile it against the props each release declares
 * (scripts/lib/exposedProps.ts). A module not named here is given none. Written out, free of imports.
 */
export interface RemoteModuleProps {
  'mfe-catalog/HeaderSearch': { initialText: string; autoFocus?: 'text' | 'category' };
  'mfe-product/QuickView': { productId: string };
  'mfe-cart/ListCount': { list: 'cart' | 'wishlist' };
}

/** The props the shell passes `module` of `remote`: none unless RemoteModuleProps names it. */
export type PropsOfModule<Remote extends keyof typeof REMOTE_MODULES, Module extends RemoteModule<Remote>> = `${Remote}/${Module}` extends keyof RemoteModuleProps
  ? RemoteModuleProps[`${Remote}/${Module}`]
  : Record<string, never>;
