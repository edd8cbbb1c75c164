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
    port: Number(process.env.CATALOG_PORT ?? 8081),
    outputDir: `dist/${pkg.version}`,
    contract: CONTRACT,
    title: 'mfe-catalog — standalone',
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_catalog',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        exposes: {
          './HomePage': './src/exposes/HomePage.tsx',
          './ShopPage': './src/exposes/ShopPage.tsx',
          './HeaderSearch': './src/exposes/HeaderSearch.tsx',
        },
        shared: sharedSingletons(pkg),
        // Runs on the runtime the shell provides; its own page loads federation-runtime.js instead.
        experiments: { externalRuntime: true },
      }),
    ],
  });
  // The home page and the shop are also rendered on the server (src/server.tsx).
  return [...withStandaloneRuntime(web), serverConfig(web, { pkg, remote: true })];
};
