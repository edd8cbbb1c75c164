/** Reading the Content-Security-Policy the edge sends, and the violations the browser reports under it. */
import type { Page } from 'playwright-core';
import { REMOTES } from '@storefront/edge/packages';
import { remoteUrls } from './browser';

/** A policy's directives by name, each with its values. */
export function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const directive of (policy ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

/** The origins the remotes are served from. */
export function remoteOrigins(): string[] {
  return REMOTES.map((remote) => new URL(remoteUrls()[remote] ?? '').origin);
}

/** Violations of the page's policy, as the browser reports them to the page. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}
