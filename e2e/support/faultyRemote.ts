import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';
import type { FastifyInstance } from 'fastify';
import { buildRemoteOrigin } from '@storefront/edge/app';

const FIXTURE = path.join(ROOT, 'e2e/fixtures/throwing-remote');

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['webpack', '-c', path.join(FIXTURE, 'webpack.config.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the throwing remote failed (exit ${code})`))));
  });
}

/** Builds the throwing remote when its build is missing or older than its source, and serves it. */
export async function serveThrowingRemote(port: number): Promise<{ manifestUrl: string; server: FastifyInstance }> {
  const manifest = path.join(FIXTURE, 'dist/mf-manifest.json');
  const source = path.join(FIXTURE, 'src/HomePage.tsx');
  if (!existsSync(manifest) || statSync(manifest).mtimeMs < statSync(source).mtimeMs) await build();
  const server = await buildRemoteOrigin({ dist: path.join(FIXTURE, 'dist') });
  await server.listen({ port, host: '127.0.0.1' });
  return { manifestUrl: `http://localhost:${port}/mf-manifest.json`, server };
}
