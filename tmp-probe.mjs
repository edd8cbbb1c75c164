import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 375, height: 800 }, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile', isMobile: true });
const page = await ctx.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 600)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://localhost:8080/product?id=remote-control-off-road-car');
await page.evaluate(() => { window.before = [...document.querySelectorAll('#root *')]; });
await page.waitForTimeout(6000);
console.log(await page.evaluate(() => window.before.filter(e => !e.isConnected).map(e => e.tagName + '.' + e.className).join(' | ')));
await page.evaluate(() => { window.before = [...document.querySelectorAll('#root *')]; });
await page.waitForTimeout(100);

console.log(await page.evaluate(() => [...document.querySelectorAll('[data-remote]')].map(e => e.dataset.remote + ' ' + e.getAttribute('data-await-hydration'))));
console.log(await page.locator('.prd-buy').innerHTML());
await browser.close();
