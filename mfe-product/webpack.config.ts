import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { commonConfig, sharedSingletons, type Mode } from '../webpack.common';
import pkg from './package.json';

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  return commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.PRODUCT_PORT ?? 8082),
    outputDir: `dist/${pkg.version}`,
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
        },
        shared: sharedSingletons(pkg),
      }),
    ],
  });
};
