import { remoteConfig } from '../webpack.remote';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

// The home page and the shop are also rendered on the server (src/server.tsx).
export default remoteConfig({
  dirname: __dirname,
  pkg,
  contract: CONTRACT,
  port: Number(process.env.CATALOG_PORT ?? 8081),
  exposes: ['HomePage', 'ShopPage', 'HeaderSearch'],
});
