/**
 * A MONOLITH build of the same code, for the benchmarks only (`npm run build:monolith -w shell`,
 * into dist-monolith/): no Module Federation; the shell imports the remotes' exposed modules
 * directly (monolith/remoteComponent.ts replaces src/federation/remoteComponent.ts) and skips the
 * composition fetch. Routes are still split with import(), as any single build would be.
 */
import path from 'node:path';
import webpack from 'webpack';
import { commonConfig, FirstLoadPlugin, type Mode } from '../webpack.common';
import pkg from './package.json';
import { DESKTOP_MEDIA } from './src/behaviour/thresholds';

/**
 * src/federation/<name> imported from the shell's own sources → monolith/<name>.ts: from outside
 * the folder (`../federation/<name>`) and from beside it (`./<name>`, the embeds' loader).
 */
function replaced(name: string) {
  return new webpack.NormalModuleReplacementPlugin(new RegExp(`(^|/)(federation/)?${name}$`), (resource: { request: string }) => {
    resource.request = path.resolve(__dirname, 'monolith', `${name}.ts`);
  });
}

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  const config = commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.SHELL_PORT ?? 8080),
    outputDir: 'dist-monolith',
    title: 'Jacaranda — clothing, electronics and more',
    plugins: [
      replaced('remoteComponent'),
      replaced('compositionRequest'),
      // No remotes, so no federation runtime to provide to them.
      new webpack.NormalModuleReplacementPlugin(/^@storefront\/shared\/federation-runtime$/, (resource: { request: string }) => {
        resource.request = path.resolve(__dirname, 'monolith', 'noFederationRuntime.ts');
      }),
      // As mfe-product's build does; an empty key falls back to lightgallery's open-source one.
      // Its index.html preloads its first-load chunks, as the composed shell's does.
      new FirstLoadPlugin({ desktopMedia: DESKTOP_MEDIA }),
      new webpack.DefinePlugin({ 'process.env.LIGHTGALLERY_LICENSE_KEY': JSON.stringify(process.env.LIGHTGALLERY_LICENSE_KEY ?? '') }),
    ],
  });
  config.output = { ...config.output, publicPath: '/', uniqueName: 'shell_monolith' };
  return config;
};
