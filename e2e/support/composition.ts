import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Ports } from '@storefront/edge/packages';
import { ROOT } from '@storefront/edge/packages';

export function e2ePorts(): Ports {
  const ports = process.env.E2E_PORTS;
  if (!ports) throw new Error('E2E_PORTS is not set: run the e2e suite through jest (npm run test:e2e)');
  return JSON.parse(ports) as Ports;
}

export function compositionFile(): string {
  const file = process.env.COMPOSITION_FILE;
  if (!file) throw new Error('COMPOSITION_FILE is not set: run the e2e suite through jest (npm run test:e2e)');
  return file;
}

/** The environment the release and compose commands need to address the e2e store. */
function toolEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const ports = e2ePorts();
  return {
    ...process.env,
    SHELL_PORT: String(ports.shell),
    CATALOG_PORT: String(ports.remotes['mfe-catalog']),
    PRODUCT_PORT: String(ports.remotes['mfe-product']),
    CART_PORT: String(ports.remotes['mfe-cart']),
    ACCOUNT_PORT: String(ports.remotes['mfe-account']),
    PUBLIC_HOST: 'localhost',
    // The e2e store keeps its compositions in files, as its edge reads them: a DATABASE_URL in the
    // caller's environment (CI's) must not send the tools to a server.
    DATABASE_URL: '',
    ...extra,
  };
}

export interface ToolRun {
  code: number;
  output: string;
}

/** Runs one of the repository's tools (scripts/*.ts) as a release manager or team would. */
export function runTool(script: 'compose' | 'release', args: string[], environment: NodeJS.ProcessEnv = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', path.join(ROOT, 'scripts', `${script}.ts`), ...args], {
      cwd: ROOT,
      env: toolEnvironment(environment),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Back to no composition file: the shell serves the working builds again. */
export async function removeComposition(): Promise<void> {
  await fs.rm(path.dirname(compositionFile()), { recursive: true, force: true });
}
