import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { abortCanary } from './abort';
import { FileCompositionStore } from './fileStore';
import type { CompositionDocument } from './store';

const entry = (version: string) => ({ version, manifest: `http://cdn.test/mfe-catalog/${version}/mf-manifest.json` });
const facts = { singletons: [], exposes: ['HomePage'], slices: [], endpoints: [] };
let dir: string;
let store: FileCompositionStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'abort-'));
  store = new FileCompositionStore(path.join(dir, 'composition.json'));
  const live: CompositionDocument = { remotes: { 'mfe-catalog': entry('1.4.0') } };
  await store.publish({ by: 'thandi', reason: null, action: 'set', composition: live, facts: { 'mfe-catalog': facts }, shell: { react: '19.0.0' }, checkedAt: '2026-11-30T07:00:00.000Z' }, 0);
  const canary: CompositionDocument = { ...live, canary: { remotes: { 'mfe-catalog': entry('1.5.0') }, percent: 10, startedBy: 2, since: new Date().toISOString() } };
  await store.publish({ by: 'thandi', reason: 'try 1.5.0', action: 'canary', composition: canary, facts: { 'mfe-catalog': facts }, shell: { react: '19.0.0' }, checkedAt: '2026-11-30T07:30:00.000Z' }, 1);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ending a canary', () => {
  it('is a revision with the live versions alone, by whoever ended it, with the figures judged', async () => {
    const judgement = { rule: 'error-rate' as const, summary: 'error rate 3.1% against live 1.0%', canary: { pageViews: 400, failed: 12, p75Inp: 120, inpSamples: 90 }, live: { pageViews: 3600, failed: 36, p75Inp: 110, inpSamples: 800 }, logLikelihoodRatio: 3.1, bound: 3.0 };
    const revision = await abortCanary(store, { by: 'auto-abort', reason: judgement.summary, startedBy: 2, judgement });
    expect(revision).toMatchObject({ revision: 3, action: 'abort', by: 'auto-abort', basedOn: 2, judgement, changes: ['canary ended: mfe-catalog 1.5.0'] });
    expect(revision?.composition).toEqual({ remotes: { 'mfe-catalog': entry('1.4.0') } });
    // What the checks read of the live versions stays with them.
    expect(revision?.facts).toEqual({ 'mfe-catalog': facts });
    expect(revision?.checkedAt).toBe('2026-11-30T07:30:00.000Z');
    expect((await store.live())?.document.canary).toBeUndefined();
  });

  it('does nothing when no canary runs, or another than the one judged', async () => {
    expect(await abortCanary(store, { by: 'auto-abort', reason: null, startedBy: 9 })).toBeNull();
    expect(await abortCanary(store, { by: 'thandi', reason: null })).not.toBeNull();
    expect(await abortCanary(store, { by: 'thandi', reason: null })).toBeNull();
    expect(await store.revisions()).toHaveLength(3);
  });
});
