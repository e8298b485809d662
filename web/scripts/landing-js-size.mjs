#!/usr/bin/env node
// The landing page's JavaScript budget (170 KB gzipped): sums the gzip sizes of every JS file a
// cold visit to / loads: the entry chunk, its modulepreloads and static imports, and the LandingPage
// chunk with its static imports. Run after `npm run build -w web`:  node web/scripts/landing-js-size.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 170;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const landing = readdirSync(join(dist, 'assets')).find((file) => /^LandingPage-.*\.js$/.test(file));
if (!landing) throw new Error('no LandingPage chunk in dist/assets');

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: import"./x.js" and from"./x.js" (dynamic import("./x.js") loads later).
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([^"']+\.js)["']/g)) {
    visit(join(dirname(file), match[1]));
  }
};
[...fromHtml, `assets/${landing}`].forEach(visit);

let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  process.stdout.write(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}\n`);
}
process.stdout.write(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS for / (budget ${budgetKb} KB)\n`);
process.exitCode = total / 1024 > budgetKb ? 1 : 0;
