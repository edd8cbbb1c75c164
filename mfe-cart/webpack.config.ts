import { remoteConfig } from '../webpack.remote';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

// The cart page is also rendered on the server (src/server.tsx), with the shopper's own lines.
export default remoteConfig({
  dirname: __dirname,
  pkg,
  contract: CONTRACT,
  port: Number(process.env.CART_PORT ?? 8083),
  exposes: ['CartDropdown', 'WishlistDropdown', 'CartPage', 'WishlistPage', 'CheckoutPage', 'OrderCompletePage', 'MiniPopup', 'AddToCart', 'WishlistToggle', 'HeaderLists', 'ListCount'],
});
