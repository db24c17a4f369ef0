import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '/work/main/scripts/start-server';
import { signedInShopper } from '/work/main/bench/formulation-bench';
import { chromiumArgs, chromiumPath } from '/work/main/scripts/chromium';
const server = await startServer();
try {
  const storage = await signedInShopper(server.url);
  const url = server.url + '/consultation/haircare/results/get-results';
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumArgs });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${new URL(url).origin}/favicon.svg`);
    await page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await page.close(); await browser.close();
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json', disableStorageReset: true });
    const lhr = result!.lhr;
    writeFileSync(`/tmp/lh/lhr${i}.json`, JSON.stringify(lhr));
    const a = lhr.audits;
    console.log('score', lhr.categories.performance!.score, 'FCP', a['first-contentful-paint']!.numericValue, 'LCP', a['largest-contentful-paint']!.numericValue, 'TBT', a['total-blocking-time']!.numericValue, 'SI', a['speed-index']!.numericValue, 'CLS', a['cumulative-layout-shift']!.numericValue);
  } finally { chrome.kill(); }
  }
} finally { await server.stop(); }
