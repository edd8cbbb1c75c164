import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import { commonConfig, serverConfig, sharedSingletons, withStandaloneRuntime, type Mode } from '../webpack.common';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

/**
 * lightgallery is GPLv3 or commercially licensed: a release sets its key at build time. Without
 * one the build uses lightgallery's open-source key, fine for GPLv3-compatible use.
 */
const LIGHTGALLERY_LICENSE_KEY = process.env.LIGHTGALLERY_LICENSE_KEY || '0000-0000-000-0000';

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  const licence = new webpack.DefinePlugin({
    'process.env.LIGHTGALLERY_LICENSE_KEY': JSON.stringify(LIGHTGALLERY_LICENSE_KEY),
  });
  const web = commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.PRODUCT_PORT ?? 8082),
    outputDir: `dist/${pkg.version}`,
    contract: CONTRACT,
    title: 'mfe-product — standalone',
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_product',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        exposes: {
          './ProductPage': './src/exposes/ProductPage.tsx',
          './QuickView': './src/exposes/QuickView.tsx',
        },
        shared: sharedSingletons(pkg),
        // Runs on the runtime the shell provides; its own page loads federation-runtime.js instead.
        experiments: { externalRuntime: true },
      }),
      licence,
    ],
  });
  // The product page is also rendered on the server (src/server.tsx).
  return [...withStandaloneRuntime(web), serverConfig(web, { pkg, remote: true, plugins: [licence] })];
};
