import { spawnSync } from 'node:child_process';
import { resolveBaseline } from './baselineBench';

describe('the baseline a bench compares with', () => {
  it('is the commit a ref names, with its subject line', () => {
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const subject = spawnSync('git', ['log', '-1', '--format=%s'], { encoding: 'utf8' }).stdout.trim();
    expect(resolveBaseline('HEAD')).toEqual({ commit: head, subject });
  });

  it('is refused, named, when the ref names no commit or is no ref at all', () => {
    expect(() => resolveBaseline('no-such-branch-anywhere')).toThrow('BENCH_BASELINE "no-such-branch-anywhere" names no commit of this repository');
    expect(() => resolveBaseline('main; rm -rf /')).toThrow('BENCH_BASELINE must be a git ref');
    expect(() => resolveBaseline('--output=x')).toThrow('BENCH_BASELINE must be a git ref');
    expect(() => resolveBaseline('-q')).toThrow('BENCH_BASELINE must be a git ref');
  });
});
