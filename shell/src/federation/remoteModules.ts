/**
 * Every module the shell loads from each remote: its side of the contract with the remotes.
 * `RemoteRegion` accepts only these (the type below), and release managers' checks
 * (`npm run compose -- check`) refuse a composition whose remotes do not expose them all.
 * Keep this file free of imports: the compose command reads it on its own.
 */
export const REMOTE_MODULES = {
  'mfe-catalog': ['HomePage', 'ShopPage', 'HeaderSearch'],
  'mfe-product': ['ProductPage', 'QuickView'],
  'mfe-cart': ['CartDropdown', 'WishlistDropdown', 'CartPage', 'WishlistPage', 'CheckoutPage', 'OrderCompletePage', 'MiniPopup'],
  'mfe-account': ['AccountModals', 'LoginPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'AccountPage', 'OperatorPage', 'OrderLookupPage'],
} as const;

export type RemoteModule<Remote extends keyof typeof REMOTE_MODULES> = (typeof REMOTE_MODULES)[Remote][number];
