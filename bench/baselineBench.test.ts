import { spawnSync } from 'node:child_process';
import { defaultBaseline, repositoryState, resolveBaseline } from './baselineBench';

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

describe('the baseline a bench compares with when none is named', () => {
  it('is the code before the change: the last commit beside changes not committed, a branch’s point off main, else the commit before the last', () => {
    expect(defaultBaseline({ dirty: true, branchPoint: 'abc123', hasParent: true })?.ref).toBe('HEAD');
    expect(defaultBaseline({ dirty: false, branchPoint: 'abc123', hasParent: true })?.ref).toBe('abc123');
    expect(defaultBaseline({ dirty: false, branchPoint: null, hasParent: true })?.ref).toBe('HEAD~1');
    // A first commit, or a shallow clone's only one: nothing to compare with.
    expect(defaultBaseline({ dirty: false, branchPoint: null, hasParent: false })).toBeNull();
  });

  it('is read from this checkout, and names a commit the bench can check out', () => {
    const chosen = defaultBaseline(repositoryState());
    expect(chosen === null || /^[0-9a-f]{40}$/.test(resolveBaseline(chosen.ref).commit)).toBe(true);
  });
});
