import { injectedBy } from '@storefront/shared/testing';
import path from 'node:path';
import { CONTRACT } from './contract';

describe('the contract', () => {
  it('names exactly the slices and endpoints this remote injects into the one store', () => {
    const injected = injectedBy(path.join(__dirname));
    expect(injected).toEqual({ slices: [...CONTRACT.slices].sort(), endpoints: [...CONTRACT.endpoints].sort() });
  });
});
