import { customer, open, payWith, base } from './ck-drive.mts';
const { storage } = await customer();
for (const [w, h] of [[390, 844], [1280, 900]] as const) {
  const { browser, page } = await open(w, h, storage);
  await page.goto(base + '/checkout/haircare/payment');
  await page.getByLabel('Card number').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/ck/payment-${w}.png`, fullPage: true });
  if (w === 390) {
    await page.getByText('Show order summary').click();
    await page.screenshot({ path: `/tmp/ck/payment-open-${w}.png`, fullPage: true });
  }
  await browser.close();
}
console.log('done');
