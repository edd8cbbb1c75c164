/**
 * `npm run release -w mfe-cart [-- --version 2.0.1-rc.1]`: builds the remote into its immutable
 * release folder `releases/<remote>/<version>/` with an absolute public path, and writes the
 * contract release managers' checks read: exposed modules, injected slices and endpoints, shared
 * singletons and the versions they need.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Contract, Manifest } from './lib/composeRules';
import { isRemote } from './lib/compositionStore';
import { packageVersion, portsFromEnv, ROOT } from './lib/packages';
import { releaseBaseUrl, releaseDir, VERSION_PATTERN } from './lib/releaseStore';

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
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'mf-manifest.json'), 'utf8')) as Manifest;
    // The remote says what it injects into the one store; its contract test keeps that true.
    const { CONTRACT } = (await import(path.join(ROOT, remote, 'src', 'contract.ts'))) as { CONTRACT: { slices: string[]; endpoints: string[] } };
    const contract: Contract = {
      name: remote,
      version,
      exposes: manifest.exposes.map((expose) => expose.name),
      slices: CONTRACT.slices,
      endpoints: CONTRACT.endpoints,
      shared: Object.fromEntries(
        manifest.shared.filter((shared) => shared.singleton).map((shared) => [shared.name, { version: shared.version, ...(shared.requiredVersion ? { requiredVersion: shared.requiredVersion } : {}) }]),
      ),
    };
    await fs.writeFile(path.join(staging, 'contract.json'), `${JSON.stringify(contract, null, 2)}\n`);
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
