/**
 * `npm run release -w mfe-cart [-- --version 2.0.1-rc.1] [--strict]`: builds the remote into its
 * immutable release folder `releases/<remote>/<version>/`, once: it loads its files from beside
 * its manifest, so the same folder is served from wherever a composition names (RELEASE_BASE_URL
 * is read when composing, never here). The build
 * writes the contract release managers' checks read beside the manifest: exposed modules, injected
 * slices and endpoints, shared singletons and the versions they need.
 *
 * Before the release is put in place it is judged as the live composition's checks would judge it
 * (scripts/lib/releaseVerdict.ts), and the verdict is printed. With `--strict` (for CI) a release
 * that could not go live, or that could not be judged, is not kept and the command exits 1.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY_PATH } from '@storefront/shared/ssr/server-entry';
import { readShellFacts, type Contract, type Manifest } from '@storefront/edge/composition-rules';
import { isRemote } from '@storefront/release-state';
import { packageVersion, portsFromEnv, ROOT, type Remote } from '@storefront/edge/packages';
import { releaseDir, VERSION_PATTERN } from '@storefront/edge/release-store';
import { localComposition } from '@storefront/edge/composition';
import { shellManifestPath } from './lib/gatherReleases';
import { environmentStore } from './lib/environmentStore';
import { DECLARATIONS_PATH, declarationsOf, embeddedUsesOf, exposedPropsOf } from './lib/exposedProps';
import { judgeRelease } from './lib/releaseVerdict';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Whether the new release could go live as things are; false also when it could not be judged. */
async function couldGoLive(remote: Remote, version: string, folder: string): Promise<boolean> {
  // Judged beside what production runs.
  const store = environmentStore();
  try {
    const verdict = await judgeRelease({
      remote,
      version,
      folder,
      shell: await readShellFacts(shellManifestPath()),
      store,
      servedBefore: () => localComposition(portsFromEnv(), process.env.PUBLIC_HOST ?? 'localhost'),
    });
    for (const line of verdict.lines) (verdict.couldGoLive ? console.log : console.error)(`[release] ${line}`);
    return verdict.couldGoLive;
  } catch (error) {
    console.error(`[release] ? could not judge whether ${remote}@${version} could go live: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    await store.close();
  }
}

/**
 * The release publishes the type declarations of its exposed modules (types/index.d.ts beside its
 * manifest), and its contract records the props each takes and what its own pages pass the modules
 * of others they embed (scripts/lib/exposedProps.ts). Release managers' checks compile every
 * consumer's use against the first, and this release's uses against the live releases' types.
 */
async function declareExposedTypes(remote: Remote, version: string, folder: string): Promise<void> {
  const manifest = JSON.parse(await fs.readFile(path.join(folder, 'mf-manifest.json'), 'utf8')) as Manifest;
  const contractPath = path.join(folder, 'contract.json');
  const contract = JSON.parse(await fs.readFile(contractPath, 'utf8')) as Contract;
  const modules = manifest.exposes.map((expose) => expose.name.replace(/^\.\//, ''));
  const exposedProps = exposedPropsOf(path.join(ROOT, remote), modules);
  const uses = embeddedUsesOf(path.join(ROOT, remote));
  await fs.mkdir(path.dirname(path.join(folder, DECLARATIONS_PATH)), { recursive: true });
  await fs.writeFile(path.join(folder, DECLARATIONS_PATH), declarationsOf(remote, version, exposedProps));
  await fs.writeFile(contractPath, `${JSON.stringify({ ...contract, exposedProps, uses, types: DECLARATIONS_PATH }, null, 2)}\n`);
}

function build(workspace: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // As the package's build script runs it: its config reads the workspace packages' sources (their entries' storefront-source condition), so no package needs building first.
    const child = spawn(process.execPath, ['--conditions=storefront-source', require.resolve('webpack/bin/webpack.js'), '--mode', 'production'], {
      cwd: path.join(ROOT, workspace),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack exited with ${code}`))));
  });
}

async function main() {
  const remote = argument('remote') ?? path.basename(process.cwd());
  if (!isRemote(remote)) throw new Error(`run it in a remote's workspace (npm run release -w mfe-cart) or pass --remote; "${remote}" is not one`);
  const version = argument('version') ?? packageVersion(remote);
  const strict = process.argv.includes('--strict');
  if (!VERSION_PATTERN.test(version)) throw new Error(`"${version}" is not a version such as 1.4.0 or 1.5.0-rc.1`);

  const target = releaseDir(remote, version);
  if (await fs.stat(target).catch(() => null)) {
    throw new Error(`${remote}@${version} is already released (${path.relative(ROOT, target)}); releases never change: bump the version`);
  }
  const staging = `${target}.staging-${process.pid}`;
  let verdict: boolean;
  console.log(`[release] building ${remote}@${version} once, to be served from wherever a composition names`);
  try {
    await build(remote, {
      STOREFRONT_RELEASE_DIR: staging,
      MF_BUILD_VERSION: version,
    });
    // The build wrote contract.json beside the manifest (webpack.common's ContractPlugin).
    // And its server container beside them (webpack.common's serverConfig), which the shell's server loads.
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'contract.json', SERVER_ENTRY_PATH]) {
      if (!(await fs.stat(path.join(staging, file)).catch(() => null))) throw new Error(`the build left no ${file}`);
    }
    await declareExposedTypes(remote, version, staging);
    verdict = await couldGoLive(remote, version, staging);
    if (!verdict && strict) throw new Error(`${remote}@${version} is not released (--strict): see the verdict above`);
    // Only a complete folder appears under its version's name.
    await fs.rename(staging, target);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  const short = `${remote.replace(/^mfe-/, '')}=${version}`;
  console.log(
    `[release] ${remote}@${version} → ${path.relative(ROOT, target)} ` +
      (verdict ? `(make it live: npm run compose -- set ${short})` : `(it could not go live as things are; npm run compose -- check ${short} checks it again)`),
  );
}

main().catch((error: unknown) => {
  console.error(`[release] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
