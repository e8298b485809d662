// docker/*.Dockerfile without a Docker engine: syntax and instruction checks by dockerfile-utils
// (the validator of the Dockerfile language server), then the image rules of the platform for
// each stage an image is built from (skaffold and compose targets): a non-root USER, a
// HEALTHCHECK, NODE_ENV=production, a CMD, the Node 22 bookworm-slim base, and production
// dependencies only (npm ci --omit=dev).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Stages with their instructions (continuation lines joined) and base. */
export function stagesOf(text) {
  const args = {};
  const stages = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [instruction, ...rest] = trimmed.split(/\s+/);
    const argument = rest.join(' ');
    const keyword = instruction.toUpperCase();
    if (keyword === 'ARG' && stages.length === 0) {
      const [name, value] = argument.split('=');
      args[name] = value;
    } else if (keyword === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(argument);
      const from = m[1].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name) => args[name] ?? '');
      stages.push({ name: (m[2] ?? String(stages.length)).toLowerCase(), from, instructions: [] });
    } else if (stages.length) {
      stages[stages.length - 1].instructions.push({ keyword, argument });
    }
  }
  return stages;
}

/** The instructions in effect for a stage: its own and those of the stages it is built FROM. */
function chain(stages, name) {
  const result = [];
  let stage = stages.find((s) => s.name === name);
  const seen = new Set();
  while (stage && !seen.has(stage.name)) {
    seen.add(stage.name);
    result.unshift(stage);
    stage = stages.find((s) => s.name === stage.from.toLowerCase());
  }
  return result;
}

export function checkDockerfiles(root, targets) {
  const { validate } = require('dockerfile-utils');
  const problems = [];
  const files = readdirSync(join(root, 'docker')).filter((f) => /Dockerfile$/.test(f));
  for (const file of files) {
    const text = readFileSync(join(root, 'docker', file), 'utf8');
    for (const d of validate(text, {})) {
      problems.push(`docker/${file}:${d.range.start.line + 1}: ${d.message}`);
    }
    const stages = stagesOf(text);
    const last = stages[stages.length - 1]?.name;
    for (const target of new Set([...(targets[`docker/${file}`] ?? []), last])) {
      const stack = chain(stages, target);
      if (!stack.length) {
        problems.push(`docker/${file}: target ${target} is no stage`);
        continue;
      }
      const all = stack.flatMap((s) => s.instructions);
      const lastOf = (keyword) => all.filter((i) => i.keyword === keyword).pop();
      const user = lastOf('USER')?.argument;
      if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`docker/${file} ${target}: runs as root (no USER)`);
      if (!lastOf('HEALTHCHECK') || /^NONE/i.test(lastOf('HEALTHCHECK').argument)) {
        problems.push(`docker/${file} ${target}: no HEALTHCHECK`);
      }
      if (!lastOf('CMD') && !lastOf('ENTRYPOINT')) problems.push(`docker/${file} ${target}: no CMD`);
      if (!all.some((i) => i.keyword === 'ENV' && /NODE_ENV=production\b/.test(i.argument))) {
        problems.push(`docker/${file} ${target}: NODE_ENV=production is not set`);
      }
      if (stack[0].from !== 'node:22-bookworm-slim') {
        problems.push(`docker/${file} ${target}: base image is ${stack[0].from}, not node:22-bookworm-slim`);
      }
      const copiedDeps = all
        .filter((i) => i.keyword === 'COPY')
        .map((i) => /--from=(\S+)/.exec(i.argument)?.[1])
        .filter(Boolean)
        .flatMap((from) => chain(stages, from.toLowerCase()))
        .flatMap((s) => s.instructions)
        .filter((i) => i.keyword === 'RUN' && /\bnpm (ci|install)\b/.test(i.argument));
      if (copiedDeps.length && !copiedDeps.some((i) => /--omit=dev/.test(i.argument))) {
        problems.push(`docker/${file} ${target}: dependencies copied into the image include dev dependencies`);
      }
    }
  }
  return { problems, files };
}
