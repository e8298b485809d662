// skaffold.yaml without skaffold (no package here): validated with ajv against skaffold's
// published v4beta13 JSON schema (scripts/delivery/schemas), for the base config and for each
// profile with its JSON patches applied, then checked against the repository: Dockerfiles,
// stages, workspaces, the chart, values files and the image value templates.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { dockerfileStages } from './compose.mjs';

const require = createRequire(import.meta.url);

/** RFC 6902 add / replace / remove on a copy (what skaffold's profile patches use). */
export function applyPatches(document, patches, problems, label) {
  const result = structuredClone(document);
  for (const patch of patches ?? []) {
    const keys = patch.path
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    let parent = result;
    for (const key of keys) {
      parent = parent?.[key];
    }
    if (parent === undefined || parent === null || typeof parent !== 'object') {
      problems.push(`${label}: patch ${patch.op} ${patch.path}: the parent does not exist`);
      continue;
    }
    const index = Array.isArray(parent) ? (last === '-' ? parent.length : Number(last)) : last;
    if (patch.op === 'add') {
      if (Array.isArray(parent)) parent.splice(index, 0, patch.value);
      else parent[index] = patch.value;
    } else if (patch.op === 'replace' || patch.op === 'remove') {
      if (!(index in parent)) {
        problems.push(`${label}: patch ${patch.op} ${patch.path}: nothing there`);
        continue;
      }
      if (patch.op === 'replace') parent[index] = patch.value;
      else if (Array.isArray(parent)) parent.splice(index, 1);
      else delete parent[index];
    } else {
      problems.push(`${label}: patch op ${patch.op} is not checked here`);
    }
  }
  return result;
}

export const imageKey = (image) => image.replace(/[^a-zA-Z0-9]/g, '_');

export function loadSkaffold(root) {
  return parse(readFileSync(join(root, 'skaffold.yaml'), 'utf8'));
}

export function checkSkaffold(root, umbrellaDependencies) {
  const problems = [];
  let config;
  try {
    config = loadSkaffold(root);
  } catch (error) {
    return { problems: [`skaffold.yaml does not parse: ${error.message}`] };
  }
  const Ajv = require('ajv').default;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = ajv.compile(require('./schemas/skaffold-v4beta13.json'));
  const variants = [{ label: 'skaffold.yaml', config }];
  for (const profile of config.profiles ?? []) {
    const patched = applyPatches(config, profile.patches, problems, `profile ${profile.name}`);
    delete patched.profiles;
    variants.push({ label: `skaffold.yaml profile ${profile.name}`, config: patched });
  }
  for (const { label, config: variant } of variants) {
    if (variant.apiVersion !== 'skaffold/v4beta13') problems.push(`${label}: apiVersion is not skaffold/v4beta13`);
    if (!validate(variant)) {
      for (const error of validate.errors) {
        if (error.keyword === 'anyOf') continue;
        problems.push(
          `${label}: schema: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
        );
      }
    }
    const artifacts = variant.build?.artifacts ?? [];
    for (const artifact of artifacts) {
      const context = join(root, artifact.context ?? '.');
      const docker = artifact.docker ?? {};
      const dockerfile = join(context, docker.dockerfile ?? 'Dockerfile');
      if (!existsSync(dockerfile)) {
        problems.push(`${label}: ${artifact.image}: ${docker.dockerfile} does not exist`);
        continue;
      }
      if (docker.target && !dockerfileStages(readFileSync(dockerfile, 'utf8')).includes(docker.target.toLowerCase())) {
        problems.push(`${label}: ${artifact.image}: target ${docker.target} is no stage of ${docker.dockerfile}`);
      }
      const workspace = docker.buildArgs?.WORKSPACE;
      if (!workspace || !existsSync(join(context, workspace, 'package.json'))) {
        problems.push(`${label}: ${artifact.image}: buildArgs.WORKSPACE ${workspace} is not a workspace`);
      }
    }
    const keys = new Set(artifacts.map((a) => imageKey(a.image)));
    for (const release of variant.deploy?.helm?.releases ?? []) {
      if (!existsSync(join(root, release.chartPath ?? '', 'Chart.yaml'))) {
        problems.push(`${label}: release ${release.name}: chartPath ${release.chartPath} is not a chart`);
      }
      for (const file of release.valuesFiles ?? []) {
        if (!existsSync(join(root, file))) problems.push(`${label}: release ${release.name}: ${file} does not exist`);
      }
      for (const [key, template] of Object.entries(release.setValueTemplates ?? {})) {
        for (const match of String(template).matchAll(
          /\{\{\s*\.IMAGE_(?:REPO|TAG|DIGEST|FULLY_QUALIFIED)_([A-Za-z0-9_]+)\s*\}\}/g,
        )) {
          if (!keys.has(match[1])) problems.push(`${label}: ${key} uses ${match[0]}, which names no artifact`);
        }
        const chart = key.split('.')[0];
        if (umbrellaDependencies && !umbrellaDependencies.includes(chart)) {
          problems.push(`${label}: ${key}: ${chart} is no dependency of the umbrella chart`);
        }
      }
    }
  }
  return { problems, config };
}
