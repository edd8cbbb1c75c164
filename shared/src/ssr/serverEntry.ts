/**
 * Where a remote version's server container is and what it is called: for the builds
 * (webpack.common.ts), the release script and the servers that load it (edge/src/serverRender.ts,
 * the shell's server bundle). Not in the package's index, which the browser loads: no page needs
 * these.
 */

/** Where a remote's server container is, beside its mf-manifest.json. */
export const SERVER_ENTRY_PATH = 'server/remoteEntry.js';

/** Its file name in the server build's folder. */
export const SERVER_ENTRY_FILE = 'remoteEntry.js';

/** The module it exposes: the `RemoteServerBundle`. */
export const SERVER_EXPOSE = 'render';

/**
 * A remote version's server container's federation name (mfe-catalog 1.4.0: mfe_catalog_server_1_4_0):
 * each version is a container of its own on the shell's server, so two versions (the live one and
 * a preview) can render side by side.
 */
export function serverContainerName(remote: string, version: string): string {
  return `${remote}_server_${version}`.replace(/[^A-Za-z0-9]/g, '_');
}
