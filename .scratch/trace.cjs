const t = require('/tmp/lh/trace.json'); const ev = t.traceEvents || t;
const nav = ev.find(e => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) || ev.find(e=>e.name==='navigationStart');
const t0 = nav.ts; const main = nav.pid;
const lcp = ev.filter(e => e.name === 'largestContentfulPaint::Candidate').map(e => (e.ts - t0) / 1000);
console.log('lcp candidates', lcp.map(Math.round));
const tasks = ev.filter(e => e.name === 'RunTask' && e.dur > 5000 && e.pid===main).map(e => ({ start: (e.ts - t0) / 1000, dur: e.dur / 1000, tid: e.tid }));
for (const task of tasks) {
  const inner = ev.filter(e => e.pid===main && e.tid === task.tid && e.ts >= t0 + task.start * 1000 && e.ts <= t0 + (task.start + task.dur) * 1000 && e.dur && e.name !== 'RunTask' && ['FunctionCall','EvaluateScript','v8.compile','ParseHTML','Layout','UpdateLayoutTree','Paint','TimerFire','FireAnimationFrame','v8.evaluateModule','EventDispatch','XHRReadyStateChange','ResourceReceivedData','MajorGC','MinorGC','RunMicrotasks','V8.GCScavenger','ScheduleStyleRecalculation','PrePaint','Layerize','Commit'].includes(e.name));
  const top = inner.filter(e=>e.dur>2000).map(e => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : ''}${e.args?.data?.functionName ? ' '+e.args.data.functionName:''} ${(e.dur/1000).toFixed(0)}`).slice(0, 8);
  console.log(task.start.toFixed(0), task.dur.toFixed(0), top.join(' | '));
}
