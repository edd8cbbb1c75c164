/**
 * The bench's monolith build swaps this folder's remoteComponent.ts for monolith/remoteComponent.ts
 * (webpack.monolith.ts). A function the shell takes from the one and the other lacks is undefined
 * in the monolith: its page then fails to start, and the bench compares the store with a page that
 * never drew.
 */
import * as monolith from '../../monolith/remoteComponent';
import * as composed from './remoteComponent';

describe('the monolith’s stand-in for the remote loader', () => {
  it('has every function the composed loader has', () => {
    const functions = (module: object) => Object.entries(module).filter(([name, value]) => typeof value === 'function' && !/^[A-Z]/.test(name)).map(([name]) => name);
    expect(functions(composed).filter((name) => !functions(monolith).includes(name))).toEqual([]);
  });

  it('tells whoever waits for a module’s evaluation, as the composed loader does, before the loader hears of it', async () => {
    const heard: string[] = [];
    monolith.onRemoteModuleEvaluated(() => heard.push('evaluated'));
    await monolith.loadRemoteModule('mfe-cart', 'ListCount').then(() => heard.push('loaded'));
    expect(heard).toEqual(['evaluated', 'loaded']);
  });
});
