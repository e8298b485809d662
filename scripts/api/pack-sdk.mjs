#!/usr/bin/env node
// Packs the SDK (packages/sdk, built by tsc -b) into web/dist/downloads/payments-platform-sdk.tgz,
// which the gateway serves with the web app: Settings → Developer API's "Download SDK", installable
// with `npm install <url>`. Run after the web build (vite empties web/dist).
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const downloads = join(root, 'web/dist/downloads');
mkdirSync(downloads, { recursive: true });
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--workspace', 'packages/sdk', '--pack-destination', downloads], {
    cwd: root,
    encoding: 'utf8',
  }),
);
renameSync(join(downloads, packed.filename), join(downloads, 'payments-platform-sdk.tgz'));
console.log(`web/dist/downloads/payments-platform-sdk.tgz: ${packed.name}@${packed.version}, ${packed.size} bytes`);
