// Sets up a merchant's integrations and returns where and how to deliver to each: { key: { id, url, signingSecret } }.
// Signing secrets are shown only when an integration is created, so they are kept in a state file
// (as a merchant would paste them into each provider's settings) for later runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A list answer's items (the API answers a JSON array). */
export const listOf = (body) => (Array.isArray(body) ? body : (body?.items ?? body?.data ?? []));

/** The ingest URL of an integration, always reached through `baseUrl` (the gateway being driven). */
export const ingestTarget = (baseUrl, created) => new URL(new URL(created.ingestUrl, baseUrl).pathname, baseUrl).href;

export async function connectIntegrations(client, specs, { stateFile, log = () => {} } = {}) {
  const { processors, pos } = await client.listIntegrations();
  const existing = new Map([...listOf(processors), ...listOf(pos)].map((item) => [item.id, item]));
  const saved = stateFile && existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : {};
  const targets = {};
  for (const spec of specs) {
    const known = saved[spec.key];
    if (known && existing.has(known.id)) {
      targets[spec.key] = { ...known, url: ingestTarget(client.baseUrl, known) };
      continue;
    }
    const name = spec.create.processorName ?? spec.create.posName;
    if ([...existing.values()].some((item) => (item.processorName ?? item.posName) === name)) {
      throw new Error(
        `"${name}" exists but its signing secret is not in ${stateFile}; use another --email or a fresh database`,
      );
    }
    const created = await client.createIntegration(spec.kind, spec.create);
    log(`  connected ${name} (${created.id})`);
    targets[spec.key] = {
      id: created.id,
      ingestUrl: created.ingestUrl,
      signingSecret: created.signingSecret,
      url: ingestTarget(client.baseUrl, created),
    };
    if (stateFile) {
      saved[spec.key] = { id: created.id, ingestUrl: created.ingestUrl, signingSecret: created.signingSecret };
      mkdirSync(dirname(stateFile), { recursive: true });
      writeFileSync(stateFile, JSON.stringify(saved, null, 2), { mode: 0o600 });
    }
  }
  return { targets, hadProcessors: listOf(processors).length > 0 };
}
