import { armOf, BROWSER_ID_PATTERN, canaryBucket, inCanary, newBrowserId } from './canary';
import type { CompositionDocument } from './store';

const entry = (remote: string, version: string) => ({ version, manifest: `http://cdn.test/${remote}/${version}/mf-manifest.json` });
const document: CompositionDocument = {
  remotes: { 'mfe-catalog': entry('mfe-catalog', '1.4.0'), 'mfe-cart': entry('mfe-cart', '2.0.0') },
  canary: { remotes: { 'mfe-catalog': entry('mfe-catalog', '1.5.0') }, percent: 10, startedBy: 7, since: '2026-11-30T08:00:00.000Z' },
};

describe('a browser in a canary', () => {
  it('has a random id of 22 base64url characters', () => {
    const ids = new Set(Array.from({ length: 100 }, newBrowserId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(BROWSER_ID_PATTERN);
  });

  it('keeps its arm for the same canary, on every page and visit', () => {
    const id = newBrowserId();
    const first = inCanary(id, document.canary!);
    for (let look = 0; look < 20; look += 1) expect(inCanary(id, document.canary!)).toBe(first);
  });

  it('is one of about the canary’s share of browsers, and each canary picks its share afresh', () => {
    const ids = Array.from({ length: 20_000 }, newBrowserId);
    const inTen = ids.filter((id) => inCanary(id, { percent: 10, startedBy: 7 }));
    expect(inTen.length / ids.length).toBeGreaterThan(0.09);
    expect(inTen.length / ids.length).toBeLessThan(0.11);
    expect(ids.filter((id) => inCanary(id, { percent: 50, startedBy: 7 })).length / ids.length).toBeGreaterThan(0.48);
    // Everyone at 100%, and a larger share keeps those already in it.
    expect(ids.every((id) => inCanary(id, { percent: 100, startedBy: 7 }))).toBe(true);
    expect(inTen.every((id) => inCanary(id, { percent: 50, startedBy: 7 }))).toBe(true);
    // Another canary (another revision started it): mostly other browsers.
    const inNext = inTen.filter((id) => inCanary(id, { percent: 10, startedBy: 8 }));
    expect(inNext.length / inTen.length).toBeLessThan(0.2);
    expect(canaryBucket(ids[0]!, 7)).toBeGreaterThanOrEqual(0);
    expect(canaryBucket(ids[0]!, 7)).toBeLessThan(100);
  });

  it('gets the canary’s versions over the live ones; the others, and a browser with no id yet, get the live ones', () => {
    const ids = Array.from({ length: 200 }, newBrowserId);
    const inIt = ids.find((id) => inCanary(id, document.canary!))!;
    const out = ids.find((id) => !inCanary(id, document.canary!))!;
    expect(armOf(document, inIt)).toEqual({ arm: 'canary', remotes: { 'mfe-catalog': entry('mfe-catalog', '1.5.0'), 'mfe-cart': entry('mfe-cart', '2.0.0') } });
    expect(armOf(document, out)).toEqual({ arm: 'live', remotes: document.remotes });
    expect(armOf(document, null)).toEqual({ arm: 'live', remotes: document.remotes });
    expect(armOf({ remotes: document.remotes }, inIt)).toEqual({ arm: 'live', remotes: document.remotes });
  });
});
