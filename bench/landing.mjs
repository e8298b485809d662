#!/usr/bin/env node
// Landing page budget: JavaScript bytes transferred (gzip) and Largest Contentful Paint, measured
// in Debian's headless Chromium against the local stack (`node scripts/launch.mjs up test`).
// Each load uses a fresh browser context, so nothing comes from the cache.
//   node bench/landing.mjs [runs]
import { chromium } from 'playwright-core';

const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:18080';
const runs = Number(process.argv[2] ?? 5);
const JS_BUDGET_BYTES = 170 * 1024;
const LCP_BUDGET_MS = 2500; // web.dev's "good" threshold

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function coldLoad() {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    // Measure what the budget is written in: gzip (the gateway would otherwise pick brotli).
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  let jsBytes = 0;
  for (const request of scripts) jsBytes += (await request.sizes()).responseBodySize;
  await context.close();
  return { jsBytes, lcp, scripts: scripts.length };
}

await coldLoad(); // warm the server side (first requests pay for opening files)
const samples = [];
for (let i = 0; i < runs; i++) samples.push(await coldLoad());
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const jsBytes = median(samples.map((s) => s.jsBytes));
const lcp = median(samples.map((s) => s.lcp));
console.log(`landing page, ${runs} cold loads in headless Chromium against ${baseUrl}`);
console.log(
  `  JavaScript: ${(jsBytes / 1024).toFixed(1)} KB gzip in ${samples[0].scripts} files; budget 170 KB; ratio ${(jsBytes / JS_BUDGET_BYTES).toFixed(2)}`,
);
console.log(
  `  LCP (median): ${lcp.toFixed(0)} ms; samples ${samples.map((s) => s.lcp.toFixed(0)).join(', ')} ms; budget ${LCP_BUDGET_MS} ms; ratio ${(lcp / LCP_BUDGET_MS).toFixed(2)}`,
);
process.exitCode = jsBytes > JS_BUDGET_BYTES ? 1 : 0;
