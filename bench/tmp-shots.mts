// Temporary: screenshots of the main pages at 390 and 1280 px (deleted before the issue closes).
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';
import { startServer } from '../scripts/start-server';
import { shopperAtCheckout } from './checkout-pages';

const out = process.argv[2] ?? '/tmp/shots';
const only = process.argv[3];
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const storage = await shopperAtCheckout(server.url);
  const { access } = JSON.parse(storage['shop.tokens.user']!) as { access: string };
  const address = { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true };
  await fetch(`${server.url}/v1/account/addresses`, { method: 'POST', headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' }, body: JSON.stringify(address) });
  const anon: [string, string][] = [
    ['home', '/'],
    ['collection-haircare', '/collections/haircare'],
    ['collection-accessories', '/collections/accessories'],
    ['product-shampoo', '/products/custom-shampoo'],
    ['product-brushes', '/products/brushes'],
    ['signin', '/signin'],
  ];
  const signed: [string, string][] = [
    ['cart', '/checkout/haircare'],
    ['checkout-shipping', '/checkout/haircare/shipping-address'],
    ['checkout-payment', '/checkout/haircare/payment'],
  ];
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const shoot = async (page: Page, name: string, path: string) => {
      if (only && !name.includes(only)) return;
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };
    const page = await context.newPage();
    for (const [name, path] of anon) await shoot(page, name, path);
    const signedContext = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    await signedContext.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    }, storage);
    const sp = await signedContext.newPage();
    for (const [name, path] of signed) await shoot(sp, name, path);
    if (width === 1280 && (!only || 'success orders'.includes(only))) {
      await sp.goto(server.url + '/checkout/haircare/payment', { waitUntil: 'networkidle' });
      await sp.getByLabel('Name on card').fill('Maya Bench');
      await sp.getByLabel('Card number').fill('4242424242424242');
      await sp.getByLabel('Expiry (MM/YY)').fill('12/30');
      await sp.getByLabel('Security code').fill('123');
      await sp.getByRole('button', { name: 'Continue to review' }).click();
      await sp.waitForURL(/confirmation/);
      await sp.waitForTimeout(500);
      await sp.screenshot({ path: `${out}/checkout-review-${width}.png`, fullPage: true });
      await sp.getByRole('button', { name: 'Place order' }).click();
      await sp.waitForURL(/success/);
      await sp.waitForTimeout(800);
      await sp.screenshot({ path: `${out}/success-${width}.png`, fullPage: true });
      await sp.setViewportSize({ width: 390, height: 844 });
      await sp.screenshot({ path: `${out}/success-390.png`, fullPage: true });
      await sp.setViewportSize({ width: 1280, height: 900 });
      await shoot(sp, 'account-orders', '/account/orders');
      await sp.setViewportSize({ width: 390, height: 844 });
      await sp.waitForTimeout(300);
      await sp.screenshot({ path: `${out}/account-orders-390.png`, fullPage: true });
    }
    await context.close();
    await signedContext.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log('shots in', out);
