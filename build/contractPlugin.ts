import { Compilation, sources, type Compiler } from 'webpack';

/** What a remote adds to the one store (its src/contract.ts). */
export interface StoreContract {
  slices: readonly string[];
  endpoints: readonly string[];
}

interface ManifestShape {
  metaData: { name: string; buildInfo: { buildVersion: string } };
  exposes: { name: string }[];
  shared: { name: string; version: string; requiredVersion?: string; singleton?: boolean }[];
}

/**
 * Writes contract.json beside mf-manifest.json: the exposed modules, the slices and endpoints
 * the remote injects, and its shared singletons with the versions they need. Release managers'
 * checks (npm run compose -- check) read it from every remote they compose.
 */
export class ContractPlugin {
  constructor(private readonly remote: string, private readonly contract: StoreContract) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StorefrontContract', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StorefrontContract', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const manifestAsset = compilation.getAsset('mf-manifest.json');
        if (!manifestAsset) return;
        const manifest = JSON.parse(manifestAsset.source.source().toString()) as ManifestShape;
        const contract = {
          name: this.remote,
          version: manifest.metaData.buildInfo.buildVersion,
          exposes: manifest.exposes.map((expose) => expose.name),
          slices: [...this.contract.slices],
          endpoints: [...this.contract.endpoints],
          shared: Object.fromEntries(
            manifest.shared
              .filter((shared) => shared.singleton)
              .map((shared) => [shared.name, { version: shared.version, ...(shared.requiredVersion ? { requiredVersion: shared.requiredVersion } : {}) }]),
          ),
        };
        compilation.emitAsset('contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}
