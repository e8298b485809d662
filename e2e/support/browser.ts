import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:18080';

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls out). */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/**
 * The run's one Chromium (browser-server.ts starts it before the first file, E2E_BROWSER_WS), or
 * one of this file's own when the tests run without it. Each test file still gets contexts of its
 * own (cookies, storage and cache apart); closing a connected browser only disconnects from it.
 */
export function launchBrowser(): Promise<Browser> {
  const server = process.env.E2E_BROWSER_WS;
  return server ? chromium.connect(server) : chromium.launch(chromiumOptions);
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return { context, page };
}

/** Picks an option of an antd Select by the field's label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/**
 * The browser for the tests of a describe block, connected before them and let go after.
 * `context()` is a shared context for tests that need no isolation.
 */
export function useBrowser(): { browser: () => Browser; context: () => BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context } = await newPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { browser: () => browser!, context: () => context! };
}
