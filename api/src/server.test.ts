/**
 * The api as an operator starts it (`node dist/server.js`, here from its sources): on an empty
 * database it migrates, seeds and listens without logging an error, answers, and a signal closes
 * it cleanly.
 */
import { startApiProcess } from './testing/apiProcess';
import { CONFIGURED_SHOP_SETTINGS } from './testing/shopSettings';

test('a first start on an empty database logs no error, serves the catalogue and closes on SIGTERM', async () => {
  const { child, lines, listening } = startApiProcess();
  try {
    const url = await listening;
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: 'ok' });
    const listing = await fetch(`${url}/products?limit=1`);
    expect(listing.status).toBe(200);
    expect(Number(listing.headers.get('x-total-count'))).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Warnings and errors (pino levels 40 and up) would each be something an operator must look at.
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['seeded the catalogue', 'SIGTERM received, closing']));
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 60_000);

/** Runs the api with `env` over a quiet default and resolves with how it exited and what it printed. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const api = startApiProcess(env);
  const timer = setTimeout(() => api.kill(), 30_000);
  const exited = await api.exited;
  clearTimeout(timer);
  return { code: typeof exited === 'number' ? exited : null, output: api.output() };
}

test('refuses to start with the developer outbox on a public address, saying why', async () => {
  const { code, output } = await runToExit({ DEV_OUTBOX: 'true', API_HOST: '0.0.0.0' });
  expect(code).toBe(1);
  expect(output).toContain('DEV_OUTBOX=true needs the api on a loopback address (API_HOST=127.0.0.1), not "0.0.0.0"');
  expect(output).not.toMatch(/listening on/);
}, 60_000);

test('takes a limit from the environment: LIMIT_NEWSLETTER=1/10m lets one sign-up through and refuses the next', async () => {
  const { child, listening } = startApiProcess({ LIMIT_NEWSLETTER: '1/10m' });
  try {
    const url = await listening;
    const signUp = (email: string) =>
      fetch(`${url}/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect((await signUp('first@example.co.za')).status).toBeLessThan(300);
    const refused = await signUp('second@example.co.za');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

test('starts with a variable that is no longer read, and warns naming the one that took its place', async () => {
  const { child, lines, listening } = startApiProcess({ UNPAID_ORDERS_PER_ADDRESS: '1000' });
  try {
    await listening;
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([
      'UNPAID_ORDERS_PER_ADDRESS is no longer read: one address is now limited in the unpaid orders it places in a window, UNPAID_ORDERS_PLACED_PER_ADDRESS (such as 20/1h)',
    ]);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

const BANK = { EFT_BANK: 'First National Bank', EFT_ACCOUNT_HOLDER: 'Jacaranda Trading', EFT_ACCOUNT_NUMBER: '62123456789', EFT_BRANCH_CODE: '250655' };
const SHOP = {
  ...CONFIGURED_SHOP_SETTINGS,
  SHOP_DELIVERY_TIMES: 'We send orders within 2 working days; the courier delivers in 2 to 5 working days.',
};

test("refuses a production start without the shop's bank account for EFT or its legal details, naming each missing variable", async () => {
  const { code, output } = await runToExit({ NODE_ENV: 'production' });
  expect(code).toBe(1);
  expect(output).toMatch(/NODE_ENV=production needs the shop's bank account.*EFT_BANK, EFT_ACCOUNT_HOLDER, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE/);
  for (const name of ['SHOP_LEGAL_NAME', 'SHOP_REGISTRATION_NUMBER', 'SHOP_ADDRESS', 'SHOP_EMAIL', 'SHOP_PHONE']) {
    expect(output).toContain(`NODE_ENV=production needs ${name}: `);
  }
  expect(output).not.toMatch(/listening on/);
}, 60_000);

test('refuses a production start with a VAT number that is not one, naming the variable', async () => {
  const { code, output } = await runToExit({ NODE_ENV: 'production', ...BANK, ...SHOP, SHOP_VAT_NUMBER: '123456789' });
  expect(code).toBe(1);
  expect(output).toContain('SHOP_VAT_NUMBER must be a South African VAT number, 10 digits starting with 4');
  expect(output).not.toMatch(/NODE_ENV=production needs/);
  expect(output).not.toMatch(/listening on/);
}, 60_000);

test('a production start without a mail server opens the shop and warns once that mail is not sent', async () => {
  const { child, lines, listening } = startApiProcess({ NODE_ENV: 'production', ...BANK, ...SHOP });
  try {
    await listening;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.filter((line) => line.level >= 40)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'no mail server is set (SMTP_URL): password-reset links, sign-in codes (which an account asks for while its password is being guessed), welcome mails, order confirmations and newsletter confirmation links (so nobody can subscribe) are not sent',
      }),
    ]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 60_000);
