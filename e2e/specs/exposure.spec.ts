/**
 * What an attacker tries first against a default start: read a victim's password-reset link off
 * the developer outbox. A default store has none, through the shell or on the api's own port.
 */
import type { Browser } from 'playwright-core';
import { apiUrl } from '../support/api';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const victim = {
  first_name: 'Naledi',
  last_name: 'Khumalo',
  email: `naledi.exposure.${Date.now()}@example.co.za`,
  password: 'a long and secret phrase',
  phone: '0825550101',
};

describe('a default start', () => {
  it('has no developer outbox to read a reset link off: 404 through the shell and on the api', async () => {
    const registered = await fetch(apiUrl('/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(victim),
    });
    expect(registered.status).toBe(201);

    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/forgot-password'));
    await page.getByLabel('Email address').fill(victim.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for that email' }).waitFor();

    const statuses = await page.evaluate(async (email) => {
      const paths = [
        `/api/dev/outbox?recipient=${encodeURIComponent(email)}`,
        '/api/dev/outbox',
        '/api//dev/outbox',
        '/api/%64ev/outbox',
        '/api/products/../dev/outbox',
      ];
      return Promise.all(
        paths.map(async (path) => {
          const response = await fetch(path);
          return [path, response.status, (await response.text()).includes('token=')] as const;
        }),
      );
    }, victim.email);
    for (const [path, status, leaked] of statuses) expect({ path, status, leaked }).toEqual({ path, status: 404, leaked: false });

    const direct = await fetch(apiUrl('/dev/outbox'));
    expect(direct.status).toBe(404);
    await context.close();
  });
});
