/** What the figures were measured on: the machine and the commit. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from '@storefront/edge/packages';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  commit: string;
  date: string;
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: gitCommit(),
    date: new Date().toISOString(),
  };
}
