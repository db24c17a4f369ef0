import { lighthousePerformance } from './page-bench';
import { startServer } from '../scripts/start-server';
import { shopperAtCheckout } from './checkout-pages';
const server = await startServer({ env: { RATE_LIMITS: 'off' } });
try {
  const storage = await shopperAtCheckout(server.url);
  for (const p of process.argv.slice(2)) {
    const r = await lighthousePerformance(server.url + p, p.startsWith('/checkout/haircare/') ? storage : undefined);
    console.log(p, r.score, Math.round(r.lcpMs), Math.round(r.tbtMs), r.cls);
  }
} finally {
  await server.stop();
}
