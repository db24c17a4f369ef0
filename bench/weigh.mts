/**
 * `npm run weigh`: the gzipped JS+CSS a first-time visitor downloads for each page `npm run bench` measures, and its
 * layout shift, without Lighthouse (a minute instead of half an hour): to check a change against the page-weight
 * limits (step pages ≤ 120 KB, feedback step pages and the help centre's too, product, checkout and gift pages ≤ 130 KB) before the full bench.
 * Builds the app first. `--files` also lists each page's scripts and stylesheets, heaviest first.
 */
import { startServer } from '../scripts/start-server';
import { ensureBuilt } from './build-app';
import { checkoutPages, shopperAtCheckout } from './checkout-pages';
import { feedbackPage, isFeedbackPage, shopperWithOrder, subscriptionPages } from './feedback-pages';
import { pageWeight } from './page-bench';

const pages = [
  '/consultation/haircare/my-hair/length',
  '/consultation/skincare/my-lifestyle/age',
  '/products/custom-conditioner',
  '/checkout/haircare',
  '/gift',
  // The help centre's home and an article (issue 29: 120 KB each).
  '/faq',
  '/faq/our-guarantee',
];
/** The limits of the issues: a consultation or feedback step page or a help-centre page 120 KB, a product, checkout, gift or subscription page 130 KB. */
const limitOf = (path: string) => (path.startsWith('/consultation/') || path.startsWith('/faq') || isFeedbackPage(path) ? 120 : 130);
const listFiles = process.argv.includes('--files');

ensureBuilt(process.argv.includes('--build'));
const server = await startServer();
try {
  const atCheckout = await shopperAtCheckout(server.url);
  // A signed-in shopper with a paid order opens its feedback's first question (bench/feedback-pages.ts).
  const withOrder = await shopperWithOrder(server.url);
  const feedback = feedbackPage(withOrder.order);
  const storageOf = (path: string) =>
    checkoutPages.includes(path) ? atCheckout : path === feedback || subscriptionPages.includes(path) ? withOrder.storage : undefined;
  console.log('| page | JS+CSS gzipped | limit | layout shift |\n|---|---|---|---|');
  let over = 0;
  const details: string[] = [];
  for (const path of [...pages, ...checkoutPages, feedback, ...subscriptionPages]) {
    const weight = await pageWeight(server.url, path, storageOf(path));
    const kb = (weight.jsGzipBytes + weight.cssGzipBytes) / 1024;
    if (kb > limitOf(path)) over += 1;
    // The order's pubkey changes every run: the feedback page is named by its route.
    const name = path === feedback ? path.replace(/order=[^&]+/, 'order=…') : path;
    console.log(`| ${name} | ${kb.toFixed(1)} KB | ≤ ${limitOf(path)} KB${kb > limitOf(path) ? ' (over)' : ''} | ${weight.cumulativeLayoutShift.toFixed(3)} |`);
    if (listFiles)
      details.push(
        `\n${name}:`,
        ...[...weight.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.url}`),
      );
  }
  if (details.length) console.log(details.join('\n'));
  process.exitCode = over > 0 ? 1 : 0;
} finally {
  await server.stop();
}
