import { customer, open, base } from './ck-drive.mts';
const { storage } = await customer();
const { browser, page } = await open(390, 844, storage);
page.on('response', (r) => r.status() >= 400 && console.log('RESP', r.status(), r.url()));
await page.goto(base + '/checkout/haircare/success');
await page.locator('h1').waitFor();
await page.waitForTimeout(1500);
console.log(page.url(), await page.locator('h1').textContent());
await browser.close();
