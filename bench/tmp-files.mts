import { startServer } from '../scripts/start-server';
import { pageWeight } from './page-bench';
import { shopperAtCheckout } from './checkout-pages';
const server = await startServer();
try {
  const st = await shopperAtCheckout(server.url);
  for (const p of process.argv.slice(2)) {
    const w = await pageWeight(server.url, p, p.startsWith('/checkout') ? st : undefined);
    console.log(p, ((w.jsGzipBytes + w.cssGzipBytes) / 1024).toFixed(1));
    for (const f of w.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log('  ', (f.gzipBytes / 1024).toFixed(1), f.url);
  }
} finally { await server.stop(); }
