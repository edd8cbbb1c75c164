import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

export const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;

/** `npm start`'s server of a package's working build: reloaded on a change, its /api requests sent on to the api. */
export function devServer({ port, historyFallback }: { port: number; historyFallback: boolean }): DevServerConfiguration {
  return {
    port,
    host: process.env.DEV_HOST ?? 'localhost',
    historyApiFallback: historyFallback,
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: ['/api'], target: API_TARGET, pathRewrite: { '^/api': '' } }],
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
  };
}
