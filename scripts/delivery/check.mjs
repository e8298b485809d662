#!/usr/bin/env node
// `make delivery-check`: the delivery files (docker/, docker-compose.yml, charts/, skaffold.yaml,
// docs/operations.md) validated offline, with no cluster and no Docker engine. Exits 1 on any
// problem. Needs the compiled config schemas (tsc -b, which the make target runs first).
//
//   1. compose      Compose Specification schema + health checks, depends_on conditions, ...
//   2. skaffold     skaffold v4beta13 schema (base and each profile) + references
//   3. consistency  every service in services/ and the gateway has a chart, an umbrella entry,
//                   a compose service (and one per worker; a service without an API, such as
//                   the mail worker, only its worker), a skaffold artifact; ports and
//                   upstream URLs agree; the dev Kafka is the version of scripts/infra
//   4. dockerfiles  dockerfile-utils + image rules (non-root, HEALTHCHECK, NODE_ENV=production)
//   5. helm lint    helm lint --strict of every chart (the umbrella with each values file)
//   6. helm template every chart and the umbrella (default, dev, prod) render
//   7. k8s schemas  every rendered object validated by kubernetes-models
//   8. unknown keys every rendered object type-checked against kubernetes-models' interfaces
//   9. policies     probes, resources, security context, HPA/PDB, references resolve
//      isolation    the signing and deployer keys in Secrets of their own, for their one process;
//                   each service's REDIS_URL from its own Secret with its own Redis user, which the
//                   dev Redis's ACL file has; every pod's egress limited
//  10. config       compose and chart environments parse with each service's zod schema
//                   (NODE_ENV=production)
//  11. docs          docs/operations.md configuration reference is fresh
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { checkCompose, environmentOf } from './compose.mjs';
import { checkDockerfiles } from './dockerfile.mjs';
import { checkDocs, components, loadSchemas } from './env-docs.mjs';
import {
  checkIsolation,
  checkPolicies,
  checkUnknownFields,
  helmBinary,
  lintCharts,
  renderAll,
  validateSchemas,
} from './manifests.mjs';
import { checkSkaffold } from './skaffold.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const IMAGE_PREFIX = 'payments/';
const DOCKERFILE = 'docker/node.Dockerfile';

const readYaml = (path) => parse(readFileSync(join(root, path), 'utf8'));
const upper = (name) => name.toUpperCase().replace(/-/g, '_');

/** Default PORT of each component, from its schema (development defaults). */
function defaultPorts(devSchemas) {
  return Object.fromEntries(
    Object.entries(devSchemas)
      .filter(([name]) => !name.startsWith('shared:'))
      .map(([name, schema]) => [name, schema.shape.PORT?.safeParse(undefined).data]),
  );
}

/** 1. Every service and the gateway are delivered everywhere, the same way. */
function checkConsistency(list, ports, compose, skaffold, devSchemas) {
  const problems = [];
  const umbrella = readYaml('charts/platform/Chart.yaml');
  const umbrellaValues = readYaml('charts/platform/values.yaml') ?? {};
  const dependencies = umbrella.dependencies ?? [];
  const artifacts = skaffold?.build?.artifacts ?? [];
  const release = skaffold?.deploy?.helm?.releases?.find((r) => r.chartPath === 'charts/platform');
  const services = compose?.services ?? {};
  const gatewayValues = existsSync(join(root, 'charts/gateway/values.yaml'))
    ? readYaml('charts/gateway/values.yaml')
    : {};
  const gatewayUrls = Object.keys(devSchemas.gateway?.shape ?? {}).filter((key) => /_URL$/.test(key));

  if (!release) problems.push('skaffold.yaml: no helm release with chartPath charts/platform');
  for (const c of list) {
    const label = c.kind === 'gateway' ? 'the gateway' : `service ${c.name} (${c.workspace})`;
    const missing = (what) => problems.push(`${label} has no ${what}`);
    const port = ports[c.name];

    // Chart.
    const chartDir = `charts/${c.name}`;
    if (!existsSync(join(root, chartDir, 'Chart.yaml'))) {
      missing(`chart: create ${chartDir} (copy charts/profile and adjust)`);
    } else {
      const chart = readYaml(`${chartDir}/Chart.yaml`);
      const values = readYaml(`${chartDir}/values.yaml`) ?? {};
      if (chart.name !== c.name) problems.push(`${chartDir}/Chart.yaml: name is ${chart.name}, not ${c.name}`);
      const lib = (chart.dependencies ?? []).find((d) => d.name === 'service-lib');
      if (!lib || lib.repository !== 'file://../service-lib') {
        problems.push(`${chartDir}: does not depend on service-lib (file://../service-lib)`);
      }
      if (!existsSync(join(root, chartDir, 'charts/service-lib/Chart.yaml'))) {
        problems.push(`${chartDir}/charts/service-lib is missing (a link to ../../service-lib)`);
      }
      const templates = existsSync(join(root, chartDir, 'templates'))
        ? readdirSync(join(root, chartDir, 'templates')).map((f) =>
            readFileSync(join(root, chartDir, 'templates', f), 'utf8'),
          )
        : [];
      if (!templates.some((t) => t.includes('include "service-lib.service"'))) {
        problems.push(`${chartDir}/templates does not render service-lib.service`);
      }
      if (values.image?.repository !== `${IMAGE_PREFIX}${c.name}`) {
        problems.push(`${chartDir}/values.yaml: image.repository is not ${IMAGE_PREFIX}${c.name}`);
      }
      if (!c.api) {
        if (values.api?.enabled !== false)
          problems.push(`${chartDir}/values.yaml: api.enabled is not false, but ${c.workspace} has no src/main.ts`);
      } else if (values.api?.port !== port) {
        problems.push(`${chartDir}/values.yaml: api.port ${values.api?.port} differs from the schema's PORT ${port}`);
      }
      const commands = [
        ...Object.entries(values.workers ?? {}).map(([key, w]) => [`workers.${key}.command`, w?.command]),
        ['migrations.command', values.migrations?.enabled ? values.migrations.command : undefined],
      ];
      for (const [key, command] of commands) {
        for (const arg of command ?? []) {
          const m = /^(.+)\/dist\/(.+)\.js$/.exec(arg);
          if (m && !existsSync(join(root, m[1], `${m[2]}.ts`))) {
            problems.push(`${chartDir}/values.yaml: ${key} runs ${arg}, but ${m[1]}/${m[2]}.ts does not exist`);
          }
        }
      }
      const runs = (file) =>
        commands.some(([, command]) => (command ?? []).includes(`${c.workspace}/dist/src/${file}`));
      if (c.worker && !runs('worker.js'))
        missing(`worker Deployment in ${chartDir}/values.yaml (workers.worker.command)`);
      if (c.migrate && !runs('migrate.js')) missing(`migration Job in ${chartDir}/values.yaml (migrations.command)`);
    }

    // Umbrella.
    const dependency = dependencies.find((d) => d.name === c.name);
    if (!dependency) missing(`entry in charts/platform/Chart.yaml dependencies`);
    else if (dependency.repository !== `file://../${c.name}`) {
      problems.push(`charts/platform/Chart.yaml: ${c.name} repository is not file://../${c.name}`);
    }
    const vendored = join(root, 'charts/platform/charts', c.name);
    if (!existsSync(vendored)) missing(`link charts/platform/charts/${c.name} -> ../../${c.name}`);
    else if (existsSync(join(root, chartDir)) && realpathSync(vendored) !== realpathSync(join(root, chartDir))) {
      problems.push(`charts/platform/charts/${c.name} is not a link to ${chartDir}`);
    }
    if (!umbrellaValues[c.name]) missing(`section in charts/platform/values.yaml`);

    // Compose: the API (a service without one, such as the mail worker, has only its worker).
    const builtFrom = (name, service) => {
      if (service.build?.args?.WORKSPACE !== c.workspace) {
        problems.push(`docker-compose.yml ${name}: build.args.WORKSPACE is not ${c.workspace}`);
      }
      if (service.build?.dockerfile !== DOCKERFILE)
        problems.push(`docker-compose.yml ${name}: not built from ${DOCKERFILE}`);
    };
    const service = services[c.name];
    if (c.api && !service) missing('service in docker-compose.yml');
    else if (c.api) {
      builtFrom(c.name, service);
      const env = environmentOf(service);
      if (String(env.PORT) !== String(port)) {
        problems.push(`docker-compose.yml ${c.name}: PORT ${env.PORT} differs from the schema's PORT ${port}`);
      }
    } else if (service) {
      problems.push(
        `docker-compose.yml ${c.name}: ${c.workspace} has no API (src/main.ts); its process is ${c.name}-worker`,
      );
    }
    if (c.worker) {
      const worker = services[`${c.name}-worker`];
      const command = [].concat(worker?.command ?? []).join(' ');
      if (!worker) missing(`worker service ${c.name}-worker in docker-compose.yml`);
      else {
        builtFrom(`${c.name}-worker`, worker);
        if (!command.includes(`${c.workspace}/dist/src/worker.js`)) {
          problems.push(`docker-compose.yml ${c.name}-worker: command does not run ${c.workspace}/dist/src/worker.js`);
        }
      }
    }

    // Skaffold.
    const artifact = artifacts.find((a) => a.image === `${IMAGE_PREFIX}${c.name}`);
    if (!artifact) missing(`artifact ${IMAGE_PREFIX}${c.name} in skaffold.yaml`);
    else {
      if (artifact.docker?.buildArgs?.WORKSPACE !== c.workspace) {
        problems.push(`skaffold.yaml ${artifact.image}: buildArgs.WORKSPACE is not ${c.workspace}`);
      }
      const target = c.kind === 'gateway' ? 'gateway' : 'service';
      if (artifact.docker?.target !== target) problems.push(`skaffold.yaml ${artifact.image}: target is not ${target}`);
      if (artifact.docker?.dockerfile !== DOCKERFILE)
        problems.push(`skaffold.yaml ${artifact.image}: not built from ${DOCKERFILE}`);
    }
    for (const key of ['repository', 'tag']) {
      if (release && !release.setValueTemplates?.[`${c.name}.image.${key}`]) {
        missing(`setValueTemplates ${c.name}.image.${key} in skaffold.yaml`);
      }
    }

    // The gateway's upstream URL of this service, where the gateway has one.
    const urlVar = `${upper(c.name)}_URL`;
    if (c.kind === 'service' && gatewayUrls.includes(urlVar)) {
      const expected = `http://${c.name}:${port}`;
      const composeValue = environmentOf(services.gateway ?? {})[urlVar];
      if (composeValue !== expected)
        problems.push(`docker-compose.yml gateway: ${urlVar} is ${composeValue}, not ${expected}`);
      if (gatewayValues?.env?.[urlVar] !== expected) {
        problems.push(`charts/gateway/values.yaml: env.${urlVar} is ${gatewayValues?.env?.[urlVar]}, not ${expected}`);
      }
    }
  }

  // Nothing delivered that no longer exists.
  const names = new Set(list.map((c) => c.name));
  for (const entry of readdirSync(join(root, 'charts'), { withFileTypes: true })) {
    if (entry.isDirectory() && !['service-lib', 'platform'].includes(entry.name) && !names.has(entry.name)) {
      problems.push(`charts/${entry.name} belongs to no service in services/ (nor the gateway)`);
    }
  }
  for (const a of artifacts) {
    if (!names.has(a.image.replace(IMAGE_PREFIX, '')))
      problems.push(`skaffold.yaml artifact ${a.image} belongs to no service`);
  }
  for (const d of dependencies) {
    const local = d.repository?.startsWith('file://charts/');
    if (!local && !names.has(d.name))
      problems.push(`charts/platform/Chart.yaml: dependency ${d.name} belongs to no service`);
    if (d.repository && !d.repository.startsWith('file://')) {
      problems.push(`charts/platform/Chart.yaml: dependency ${d.name} would be fetched from ${d.repository}`);
    }
  }

  // The Kafka of containers and clusters is the one the native launcher runs.
  const pom = readFileSync(join(root, 'scripts/infra/kafka-pom.xml'), 'utf8');
  const version = /<artifactId>kafka_2\.13<\/artifactId><version>([^<]+)</.exec(pom)?.[1];
  const expected = `apache/kafka:${version}`;
  if (services.kafka?.image !== expected) problems.push(`docker-compose.yml kafka: image is not ${expected}`);
  const kafkaValues = readYaml('charts/platform/charts/kafka/values.yaml');
  if (kafkaValues?.image !== expected) problems.push(`charts/platform/charts/kafka: image is not ${expected}`);
  return { problems, note: `${list.map((c) => c.name).join(', ')}` };
}

/** Every .ts file under a directory but tests. */
function sources(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Each process's Redis user (the umbrella's redisAcl.users, which the dev Redis's ACL file and the
 * <service>-redis Secrets come from) reaches the BullMQ queues its code uses: the `Queue.*` names
 * of @app/contracts in its sources, and `mail` where it queues or sends mail (platform's
 * MailModule, MailWorkerModule). A queue missing there would answer NOPERM in a cluster.
 */
function checkRedisUsers(list) {
  const problems = [];
  const users = readYaml('charts/platform/values.yaml')?.redisAcl?.users ?? {};
  const { Queue } = createRequire(import.meta.url)(join(root, 'packages/contracts/dist/queues.js'));
  for (const c of list) {
    const user = users[c.name];
    if (!user) {
      problems.push(`charts/platform/values.yaml: redisAcl.users has no user ${c.name}`);
      continue;
    }
    const used = new Set();
    for (const file of sources(c.kind === 'gateway' ? 'gateway/src' : `${c.workspace}/src`)) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/\bQueue\.([A-Z]\w*)/g)) if (Queue[match[1]]) used.add(Queue[match[1]]);
      if (/\bMail(Worker)?Module\b/.test(text)) used.add(Queue.Mail);
    }
    for (const queue of used) {
      if (!(user.queues ?? []).includes(queue)) {
        problems.push(
          `charts/platform/values.yaml: redisAcl.users.${c.name} lacks the queue ${queue}, which ${c.workspace} uses`,
        );
      }
    }
  }
  return { problems, note: `${list.length} users` };
}

const zodProblems = (result) =>
  result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);

/** 10. Each process's environment, as compose and the charts give it, parses in production. */
function checkConfig(list, prodSchemas, compose, renders) {
  const problems = [];
  const byWorkspace = Object.fromEntries(list.map((c) => [c.workspace, c.name]));
  let checked = 0;
  for (const [name, service] of Object.entries(compose?.services ?? {})) {
    const component = byWorkspace[service.build?.args?.WORKSPACE];
    if (!component || !prodSchemas[component]) continue;
    // A worker with a schema of its own (tokenization's) is checked against it.
    const schema = (name.endsWith('-worker') && prodSchemas[`${component}-worker`]) || prodSchemas[component];
    const env = { NODE_ENV: 'production', HOST: '0.0.0.0', ...environmentOf(service) };
    if (env.NODE_ENV !== 'production') problems.push(`docker-compose.yml ${name}: NODE_ENV is not production`);
    for (const p of zodProblems(schema.safeParse(env))) problems.push(`docker-compose.yml ${name}: ${p}`);
    checked++;
  }
  for (const render of renders) {
    const configMaps = Object.fromEntries(
      render.objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]),
    );
    const secrets = Object.fromEntries(
      render.objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, o.stringData ?? {}]),
    );
    for (const object of render.objects.filter((o) => ['Deployment', 'Job'].includes(o.kind))) {
      const component = object.metadata?.labels?.['app.kubernetes.io/name'];
      const worker = object.kind === 'Deployment' && object.metadata?.labels?.['app.kubernetes.io/component'] !== 'api';
      const schema = (worker && prodSchemas[`${component}-worker`]) || prodSchemas[component];
      if (!schema || object.metadata.labels['app.kubernetes.io/part-of'] !== 'payments-platform') continue;
      const spec = object.spec.template.spec;
      for (const container of spec.containers) {
        const env = {};
        const fromSecrets = new Set();
        for (const from of container.envFrom ?? []) Object.assign(env, configMaps[from.configMapRef?.name] ?? {});
        for (const e of container.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref && secrets[ref.name]?.[ref.key] !== undefined) env[e.name] = secrets[ref.name][ref.key];
          else if (ref) fromSecrets.add(e.name);
          else env[e.name] = e.value;
        }
        const at = `${render.label}: ${object.kind}/${object.metadata.name}`;
        if (env.NODE_ENV !== 'production') problems.push(`${at}: NODE_ENV is not production`);
        const result = fromSecrets.size ? schema.partial().safeParse(env) : schema.safeParse(env);
        for (const p of zodProblems(result)) problems.push(`${at}: ${p}`);
        if (fromSecrets.size) {
          for (const [key, field] of Object.entries(schema.shape)) {
            if (!field.safeParse(undefined).success && !(key in env) && !fromSecrets.has(key)) {
              problems.push(`${at}: ${key} is required in production and not set`);
            }
          }
        }
        checked++;
      }
    }
  }
  return { problems, note: `${checked} process environments` };
}

async function main() {
  const started = Date.now();
  const results = [];
  const step = async (name, fn) => {
    const t = Date.now();
    let result;
    try {
      result = await fn();
    } catch (error) {
      result = { problems: [`${name} could not run: ${error.stack ?? error}`] };
    }
    const ms = Date.now() - t;
    const ok = result.problems.length === 0;
    console.log(`${ok ? '✓' : '✗'} ${name}${result.note ? ` (${result.note})` : ''} ${ms} ms`);
    for (const p of result.problems) console.log(`    ✗ ${p}`);
    results.push({ name, ok });
    return result;
  };

  const list = components();
  const schemaProblems = [];
  const devSchemas = loadSchemas('development', schemaProblems);
  const prodSchemas = loadSchemas('production');
  const ports = defaultPorts(devSchemas);
  let composeResult = {};
  let skaffoldResult = {};
  await step('docker-compose.yml: compose-spec schema + health checks, depends_on conditions', () => {
    composeResult = checkCompose(root);
    return { ...composeResult, note: `${Object.keys(composeResult.compose?.services ?? {}).length} services` };
  });
  await step('skaffold.yaml: skaffold/v4beta13 schema (base and profiles) + references', () => {
    const umbrellaDependencies = (readYaml('charts/platform/Chart.yaml').dependencies ?? []).map((d) => d.name);
    skaffoldResult = checkSkaffold(root, umbrellaDependencies);
    const profiles = (skaffoldResult.config?.profiles ?? []).map((p) => p.name).join(', ');
    return {
      ...skaffoldResult,
      note: `${skaffoldResult.config?.build?.artifacts?.length ?? 0} artifacts, profiles ${profiles}`,
    };
  });
  await step('consistency: services/ and gateway ↔ charts, umbrella, compose, skaffold', () => {
    const r = checkConsistency(list, ports, composeResult.compose, skaffoldResult.config, devSchemas);
    return { ...r, problems: [...schemaProblems, ...r.problems] };
  });
  await step('dockerfiles: dockerfile-utils + image rules', () => {
    const targets = {};
    for (const s of Object.values(composeResult.compose?.services ?? {})) {
      if (s.build?.dockerfile) (targets[s.build.dockerfile] ??= []).push(s.build.target);
    }
    for (const a of skaffoldResult.config?.build?.artifacts ?? []) {
      (targets[a.docker?.dockerfile] ??= []).push(a.docker?.target);
    }
    const r = checkDockerfiles(root, targets);
    return { ...r, note: r.files.join(', ') };
  });
  const helm = helmBinary(root);
  await step('helm lint --strict', () => {
    const r = lintCharts(root, helm);
    return { ...r, note: `${r.runs.length} runs` };
  });
  const rendered = await step('helm template', () => {
    const r = renderAll(root, helm);
    const count = r.renders.reduce((n, x) => n + x.objects.length, 0);
    return { ...r, note: `${r.renders.length} renders, ${count} objects` };
  });
  const renders = rendered.renders ?? [];
  await step('kubernetes schemas (kubernetes-models)', async () => {
    const r = await validateSchemas(renders);
    return { ...r, note: `${r.count} objects: ${r.kinds.map((k) => k.split(' ')[1]).join(', ')}` };
  });
  await step('unknown fields (kubernetes-models types)', () => checkUnknownFields(root, renders));
  await step('policies: probes, resources, security, HPA/PDB, references', () => checkPolicies(renders));
  await step('isolation: own Secrets for the signing and deployer keys, Redis users, egress', () =>
    checkIsolation(renders),
  );
  await step("redis users: each service's ACL user reaches the queues its code uses", () => checkRedisUsers(list));
  await step('config: environments parse with the zod schemas (production)', () =>
    checkConfig(list, prodSchemas, composeResult.compose, renders),
  );
  await step('docs/operations.md configuration reference', () => ({ problems: checkDocs() }));

  const failed = results.filter((r) => !r.ok).length;
  console.log(
    `delivery-check: ${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  process.exit(failed ? 1 : 0);
}

await main();
