import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const include = ['src/**/*.test.{ts,tsx}'];
const src = fileURLToPath(new URL('./src', import.meta.url));
/**
 * Files that replace a module (vi.mock) run isolated, each with its own module graph: a mock must
 * not reach another file, nor miss a module another file loaded first. The rest share their
 * worker's modules (antd, the route table, the pages), imported once per worker instead of once
 * per file, which halves the run; between tests the setup file cleans the DOM, cookies, stubs and
 * spies, and a test keeps no state of its own in a module.
 */
const mocking = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(`${src}/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split('\\').join('/')}`);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      pool: 'threads',
      maxWorkers: 2,
      testTimeout: 15000,
      projects: [
        { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
        { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
      ],
    },
  }),
);
