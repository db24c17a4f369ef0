import { startServer } from '/work/main/scripts/start-server';
import { lighthousePerformance } from '/work/main/bench/page-bench';
const server = await startServer();
try { console.log(await lighthousePerformance(server.url + '/consultation/skincare/my-lifestyle/age')); } finally { await server.stop(); }
