/**
 * How a cold visit loads: index.html names the shell's first-load scripts and /composition.json
 * up front (preloads), and each is fetched once, the preload being what the page then uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../scripts/lib/packages';
import { launchBrowser, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function firstLoadScripts(): string[] {
  const { files } = JSON.parse(readFileSync(path.join(ROOT, 'shell/dist/first-load.json'), 'utf8')) as { files: string[] };
  return files.filter((file) => file.endsWith('.js'));
}

describe('a cold first visit', () => {
  it('index.html preloads the shell’s first-load scripts and the composition', async () => {
    const html = await (await fetch(shellUrl('/'))).text();
    const preloaded = [...html.matchAll(/<link rel=preload as=script href=\/([^ >]+)>/g)].map((match) => match[1]);
    const scripts = [...html.matchAll(/<script defer src=\/([^ >]+)>/g)].map((match) => match[1]);
    expect([...preloaded, ...scripts].sort()).toEqual(firstLoadScripts().sort());
    expect(html).toContain('<link rel=preload as=fetch href=/composition.json crossorigin=anonymous>');
  });

  it('fetches each of them once: the page uses what was preloaded', async () => {
    const page = await browser.newPage();
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(shellUrl('/')).origin) fetched.set(url.pathname, (fetched.get(url.pathname) ?? 0) + 1);
    });
    await page.goto(shellUrl('/'));
    await page.getByRole('heading', { level: 1, name: 'Style and gear for every season' }).waitFor();
    for (const file of [...firstLoadScripts(), 'composition.json']) expect([file, fetched.get(`/${file}`)]).toEqual([file, 1]);
    await page.close();
  });
});
