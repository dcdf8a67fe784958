import { chromium } from '@playwright/test';
const base = 'http://localhost:3412';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const [lang, width, ...paths] = process.argv.slice(2);
const ctx = await browser.newContext({ baseURL: base, locale: lang === 'fr' ? 'fr-FR' : 'en-US', viewport: { width: Number(width), height: width < 500 ? 844 : 900 } });
const page = await ctx.newPage();
await page.goto('/');
await page.locator('input[name=email]').fill('supervisor@demo.local');
await page.locator('input[name=password]').fill('demo-password');
await page.locator('button[type=submit]').click();
await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
for (const p of paths) {
  const url = p.startsWith('/') ? p : '/' + p;
  await page.goto(url);
  await page.waitForTimeout(2500);
  const name = `/tmp/shots/${lang}-${width}-${url.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name);
}
await browser.close();
