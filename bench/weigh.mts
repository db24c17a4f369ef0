/**
 * `npm run weigh`: the gzipped JS+CSS a first-time visitor downloads for each page `npm run bench` measures, and its
 * layout shift, without Lighthouse (a minute instead of half an hour): to check a change against the page-weight
 * limits (step pages ≤ 120 KB, product and checkout pages ≤ 130 KB) before the full bench. Builds the app first.
 */
import { startServer } from '../scripts/start-server';
import { ensureBuilt } from './build-app';
import { checkoutPages, shopperAtCheckout } from './checkout-pages';
import { pageWeight } from './page-bench';

const pages = ['/consultation/haircare/my-hair/length', '/consultation/skincare/my-lifestyle/age', '/products/custom-conditioner', '/checkout/haircare'];
/** The limits of the issues: a consultation step page 120 KB, a product or checkout page 130 KB. */
const limitOf = (path: string) => (path.startsWith('/consultation/') ? 120 : 130);

ensureBuilt(process.argv.includes('--build'));
const server = await startServer();
try {
  const atCheckout = await shopperAtCheckout(server.url);
  console.log('| page | JS+CSS gzipped | limit | layout shift |\n|---|---|---|---|');
  let over = 0;
  for (const path of [...pages, ...checkoutPages]) {
    const weight = await pageWeight(server.url, path, checkoutPages.includes(path) ? atCheckout : undefined);
    const kb = (weight.jsGzipBytes + weight.cssGzipBytes) / 1024;
    if (kb > limitOf(path)) over += 1;
    console.log(`| ${path} | ${kb.toFixed(1)} KB | ≤ ${limitOf(path)} KB${kb > limitOf(path) ? ' (over)' : ''} | ${weight.cumulativeLayoutShift.toFixed(3)} |`);
  }
  process.exitCode = over > 0 ? 1 : 0;
} finally {
  await server.stop();
}
