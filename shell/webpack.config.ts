import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { commonConfig, FirstLoadPlugin, serverConfig, sharedSingletons, type Mode } from '../webpack.common';
import pkg from './package.json';
import { DESKTOP_MEDIA } from './src/behaviour/thresholds';

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  const config = commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.SHELL_PORT ?? 8080),
    outputDir: 'dist',
    title: 'Jacaranda — clothing, electronics and more',
    plugins: [
      // The host declares no remotes: it registers them at run time from /composition.json.
      new ModuleFederationPlugin({
        name: 'shell',
        dts: false,
        // Its mf-manifest.json lists the singletons it provides: release managers' checks read it.
        manifest: true,
        shareStrategy: 'loaded-first',
        shared: sharedSingletons(pkg),
        // A browser app: leave out the runtime's Node.js loading code. Remotes are registered by
        // their entries, not manifests (src/federation/registration.ts): leave out the code that
        // reads manifests too.
        experiments: { optimization: { target: 'web', disableSnapshot: true } },
      }),
      new FirstLoadPlugin({ desktopMedia: DESKTOP_MEDIA, preloadFetches: ['/composition.json'] }),
    ],
  });
  config.output = { ...config.output, publicPath: '/' };
  config.devServer.static = { directory: path.resolve(__dirname, 'public') };
  // Its header and footer are also rendered on the server, around a remote's (src/server.tsx).
  return [config, serverConfig(config, { pkg })];
};
