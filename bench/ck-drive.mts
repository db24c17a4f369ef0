// Scratch driver for issue 25 checkout checks (not committed).
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';
import { personas } from '../tests/fixtures/personas';

const base = process.env.BASE ?? 'http://127.0.0.1:4781';
const rosa = personas.find((p) => p.name === 'Rosa')!;
async function call(method: string, path: string, token?: string, body?: unknown) {
  const r = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const t = await r.text();
  return { status: r.status, body: t ? JSON.parse(t) : null };
}
export async function customer() {
  const email = `ck+${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const tokens = (await call('POST', '/v1/auth/signup/', undefined, { email, first_name: 'Rosa', last_name: 'Martinez', has_accepted_terms: true, account_creation_origin: 'consultation_sign_up_haircare' })).body;
  const token = tokens.access as string;
  await call('PATCH', '/v1/account/hair_profile/', token, { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' });
  await call('GET', '/v1/account/cart/?category=haircare&origin=results', token);
  await call('POST', '/v1/account/addresses', token, { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true });
  await call('PATCH', '/v1/account/cart/?category=haircare', token, { is_in_checkout: true });
  return { storage: { 'shop.tokens.user': JSON.stringify({ access: tokens.access, refresh: tokens.refresh }) }, token };
}
export async function open(width: number, height: number, storage: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width, height } });
  context.setDefaultTimeout(20_000);
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) if (!localStorage.getItem(k)) localStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', String(e)));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  return { browser, page };
}
export async function payWith(page: Page, number: string) {
  await page.waitForURL(/\/checkout\/haircare\/payment/);
  await page.getByLabel('Name on card').fill('Rosa Martinez');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.waitForURL(/\/checkout\/haircare\/confirmation/);
}
export { call, base };
