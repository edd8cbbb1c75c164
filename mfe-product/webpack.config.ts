import webpack from 'webpack';
import { remoteConfig } from '../webpack.remote';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

/**
 * lightgallery is GPLv3 or commercially licensed: a release sets its key at build time. Without
 * one the build uses lightgallery's open-source key, fine for GPLv3-compatible use.
 */
const LIGHTGALLERY_LICENSE_KEY = process.env.LIGHTGALLERY_LICENSE_KEY || '0000-0000-000-0000';

// The product page is also rendered on the server (src/server.tsx).
export default remoteConfig({
  dirname: __dirname,
  pkg,
  contract: CONTRACT,
  port: Number(process.env.PRODUCT_PORT ?? 8082),
  exposes: ['ProductPage', 'QuickView'],
  plugins: [new webpack.DefinePlugin({ 'process.env.LIGHTGALLERY_LICENSE_KEY': JSON.stringify(LIGHTGALLERY_LICENSE_KEY) })],
});
