/**
 * `npm run release -w mfe-cart [-- --version 2.0.1-rc.1]`: builds the remote into its immutable
 * release folder `releases/<remote>/<version>/` with an absolute public path. The build writes the
 * contract release managers' checks read beside the manifest: exposed modules, injected slices and
 * endpoints, shared singletons and the versions they need.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY_PATH } from '../shared/src/ssr/serverEntry';
import { isRemote } from '../edge/src/compositionStore';
import { packageVersion, portsFromEnv, ROOT } from '../edge/src/packages';
import { releaseBaseUrl, releaseDir, VERSION_PATTERN } from '../edge/src/releaseStore';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function build(workspace: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['webpack', '--mode', 'production'], { cwd: path.join(ROOT, workspace), env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack exited with ${code}`))));
  });
}

async function main() {
  const remote = argument('remote') ?? path.basename(process.cwd());
  if (!isRemote(remote)) throw new Error(`run it in a remote's workspace (npm run release -w mfe-cart) or pass --remote; "${remote}" is not one`);
  const version = argument('version') ?? packageVersion(remote);
  if (!VERSION_PATTERN.test(version)) throw new Error(`"${version}" is not a version such as 1.4.0 or 1.5.0-rc.1`);

  const target = releaseDir(remote, version);
  if (await fs.stat(target).catch(() => null)) {
    throw new Error(`${remote}@${version} is already released (${path.relative(ROOT, target)}); releases never change: bump the version`);
  }
  const publicPath = `${releaseBaseUrl(remote, portsFromEnv())}/${version}/`;
  const staging = `${target}.staging-${process.pid}`;
  console.log(`[release] building ${remote}@${version} for ${publicPath}`);
  try {
    await build(remote, {
      STOREFRONT_RELEASE_DIR: staging,
      STOREFRONT_RELEASE_PUBLIC_PATH: publicPath,
      MF_BUILD_VERSION: version,
    });
    // The build wrote contract.json beside the manifest (webpack.common's ContractPlugin).
    // And its server container beside them (webpack.common's serverConfig), which the shell's server loads.
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'contract.json', SERVER_ENTRY_PATH]) {
      if (!(await fs.stat(path.join(staging, file)).catch(() => null))) throw new Error(`the build left no ${file}`);
    }
    // Only a complete folder appears under its version's name.
    await fs.rename(staging, target);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  console.log(`[release] ${remote}@${version} → ${path.relative(ROOT, target)} (make it live: npm run compose -- set ${remote.replace(/^mfe-/, '')}=${version})`);
}

main().catch((error: unknown) => {
  console.error(`[release] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
