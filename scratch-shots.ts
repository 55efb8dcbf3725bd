import { chromium } from 'playwright-core';
import { startRealService } from './apps/web/e2e/harness/service';

const service = await startRealService(new URL('./apps/web/dist', import.meta.url).pathname);
console.log('origin', service.origin);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const path = process.argv[2] ?? '/';
for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(name, 'console', m.type(), m.text().slice(0, 200)); });
  await page.goto(`${service.origin}${path}`);
  await page.getByText(/^Found \d/).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await context.close();
}
await browser.close();
await service.close();
