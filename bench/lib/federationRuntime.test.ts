import { federationRuntimeText } from './federationRuntime';

describe('the federation runtime’s share of a script', () => {
  it('is the code its source map traces to the @module-federation packages, and nothing else', () => {
    // Line 1: "init();" from the runtime, then "app();" from the store's own source.
    // Line 2: "load();" from the runtime, to the end of the line.
    const code = 'init();app();\nload();';
    const map = {
      version: 3 as const,
      sources: ['webpack://shell/../node_modules/@module-federation/runtime-core/dist/index.js', 'webpack://shell/./src/index.ts'],
      names: [],
      // [column, source, line, column]: (0, runtime), (7, store); next line (0, runtime).
      mappings: 'AAAA,OCAA;ADAA',
    };
    expect(federationRuntimeText(code, map)).toBe('init();load();');
  });

  it('is empty for a script with nothing of the runtime', () => {
    expect(federationRuntimeText('app();', { version: 3, sources: ['webpack://shell/./src/index.ts'], names: [], mappings: 'AAAA' })).toBe('');
  });
});
