import { pageWeight } from './page-bench';
import { startServer } from '../scripts/start-server';
import { ensureBuilt } from './build-app';
import { shopperAtCheckout } from './checkout-pages';
ensureBuilt(process.argv[2] !== 'nobuild');
const server = await startServer({ env: { RATE_LIMITS: 'off' } });
try {
  for (const p of process.argv.slice(3)) {
    const storage = p.startsWith('/checkout/haircare/') ? await shopperAtCheckout(server.url) : undefined;
    const w = await pageWeight(server.url, p, storage);
    console.log(p, w.jsGzipBytes + w.cssGzipBytes, 'cls', w.cumulativeLayoutShift);
    if (process.env.FILES) for (const f of w.files) console.log('  ', f.url, f.gzipBytes);
  }
} finally {
  await server.stop();
}
