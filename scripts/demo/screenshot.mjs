#!/usr/bin/env node
// The README's screenshot: signs in as the demo merchant on a running stack and saves the
// dashboard at 1366 px in Debian's headless Chromium.
//   node scripts/demo/screenshot.mjs [--url http://localhost:8080] [--out docs/images/dashboard.png]
//                                    [--path /dashboard] [--width 1366]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { demoAccount } from './catalog.mjs';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    out: { type: 'string', default: 'docs/images/dashboard.png' },
    path: { type: 'string', default: '/dashboard' },
    width: { type: 'string', default: '1366' },
  },
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
try {
  const context = await browser.newContext({
    baseURL: options.url,
    viewport: { width: Number(options.width), height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: false }).first().fill(demoAccount.email);
  await page.getByLabel('Password', { exact: false }).first().fill(demoAccount.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(options.path);
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  // Charts animate in; the picture is of the settled page.
  await page.waitForTimeout(1500);
  await page.screenshot({ path: options.out });
  console.log(`saved ${options.out} (${options.path} as ${demoAccount.email})`);
} finally {
  await browser.close();
}
