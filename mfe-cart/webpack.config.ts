import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { commonConfig, serverConfig, sharedSingletons, withStandaloneRuntime, type Mode } from '../webpack.common';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  const web = commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.CART_PORT ?? 8083),
    outputDir: `dist/${pkg.version}`,
    contract: CONTRACT,
    title: 'mfe-cart — standalone',
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_cart',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        exposes: {
          './CartDropdown': './src/exposes/CartDropdown.tsx',
          './WishlistDropdown': './src/exposes/WishlistDropdown.tsx',
          './CartPage': './src/exposes/CartPage.tsx',
          './WishlistPage': './src/exposes/WishlistPage.tsx',
          './CheckoutPage': './src/exposes/CheckoutPage.tsx',
          './OrderCompletePage': './src/exposes/OrderCompletePage.tsx',
          './MiniPopup': './src/exposes/MiniPopup.tsx',
          './AddToCart': './src/exposes/AddToCart.tsx',
          './WishlistToggle': './src/exposes/WishlistToggle.tsx',
          './HeaderLists': './src/exposes/HeaderLists.tsx',
          './ListCount': './src/exposes/ListCount.tsx',
        },
        shared: sharedSingletons(pkg),
        // Runs on the runtime the shell provides; its own page loads federation-runtime.js instead.
        experiments: { externalRuntime: true },
      }),
    ],
  });
  // The cart page is also rendered on the server (src/server.tsx), with the shopper's own lines.
  return [...withStandaloneRuntime(web), serverConfig(web, { pkg, remote: true })];
};
