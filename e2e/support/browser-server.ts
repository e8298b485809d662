import { chromium, type BrowserServer } from 'playwright-core';
import { chromiumOptions } from './browser';

// Jest's globalSetup and globalTeardown of the e2e project: one Chromium for the whole run, which
// every test file connects to (launchBrowser) instead of starting a browser of its own. Kept on
// globalThis, which the two share (as jest's documentation does), not in a module of either.
const holder = globalThis as { e2eBrowserServer?: BrowserServer };

export async function startBrowserServer(): Promise<void> {
  holder.e2eBrowserServer = await chromium.launchServer(chromiumOptions);
  // Read by the test workers, which start after this.
  process.env.E2E_BROWSER_WS = holder.e2eBrowserServer.wsEndpoint();
}

export async function stopBrowserServer(): Promise<void> {
  await holder.e2eBrowserServer?.close();
}
