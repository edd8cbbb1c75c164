/**
 * The licences page stays true: it is what the lockfile makes, every package of the repository
 * states its licence, and the packages a shop must honour beyond a notice are named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';
import { licencesOf, licencesPage, readLock } from './licences';

describe('the licences', () => {
  it('page is what the lockfile makes (npm run licences writes it)', () => {
    expect(readFileSync(path.join(ROOT, 'docs', 'licences.md'), 'utf8')).toBe(licencesPage(readLock(ROOT)));
  });

  it('name lightgallery as shipped to browsers, and keep build and test tools out', () => {
    const all = licencesOf(readLock(ROOT));
    expect(all.find((item) => item.name === 'lightgallery')).toMatchObject({ licence: 'GPLv3', where: 'browser' });
    expect(all.find((item) => item.name === 'react-dom')).toMatchObject({ licence: 'MIT', where: 'browser' });
    expect(all.find((item) => item.name === 'fastify')).toMatchObject({ where: 'server' });
    expect(all.find((item) => item.name === '@module-federation/runtime')).toMatchObject({ where: 'browser' });
    expect(all.some((item) => item.name === 'jest' || item.name === 'webpack' || item.name === 'typescript')).toBe(false);
  });

  it('are stated by the repository and each of its packages', () => {
    const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license?: string; workspaces: string[] };
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toContain('All rights reserved');
    const unstated = [['.', root.license] as const, ...root.workspaces.map((workspace) => [workspace, (JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as { license?: string }).license] as const)].filter(([, license]) => license !== 'UNLICENSED');
    expect(unstated).toEqual([]);
  });
});
