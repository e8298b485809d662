// Helm charts without a cluster: `helm lint --strict` of every chart, `helm template` of every
// chart and of the umbrella with each values file, then every rendered object is
//   1. validated against the Kubernetes schemas by kubernetes-models (Prometheus Operator CRDs by
//      @kubernetes-models/prometheus-operator),
//   2. checked for unknown fields: the objects are type-checked as TypeScript object literals
//      against kubernetes-models' interfaces, whose excess-property check catches a misspelt key
//      that the JSON schemas let through (the API server's strict field validation rejects it),
//   3. held to the platform's rules: probes on the internal port, resources, non-root read-only
//      containers, HPA and PDB per Deployment, a NetworkPolicy over every pod, and references
//      (Service, HPA, PDB, ServiceMonitor, PodMonitor, ConfigMap) that resolve.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const PLATFORM = 'payments-platform';

export function helmBinary(root) {
  return execFileSync('bash', [join(root, 'scripts/delivery/helm.sh')], { encoding: 'utf8' }).trim();
}

function run(helm, args, cwd) {
  try {
    const stdout = execFileSync(helm, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: true, stdout };
  } catch (error) {
    const stderr = String(error.stderr ?? '')
      .split('\n')
      .filter((line) => !line.includes('found symbolic link'))
      .join('\n')
      .trim();
    return { ok: false, stdout: String(error.stdout ?? ''), stderr };
  }
}

/** Every chart directory under charts/ and under the umbrella's charts/ (not links). */
export function chartDirs(root) {
  const dirs = [];
  const scan = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue; // links to sibling charts are linted where they live
      const path = `${dir}/${entry.name}`;
      if (existsSync(join(root, path, 'Chart.yaml'))) {
        dirs.push(path);
        if (existsSync(join(root, path, 'charts'))) scan(`${path}/charts`);
      }
    }
  };
  scan('charts');
  return dirs.sort();
}

/** The renders that are validated: each chart alone, and the umbrella with each values file. */
export function renderCases(root) {
  const cases = [];
  for (const dir of chartDirs(root)) {
    const chart = dir.split('/').pop();
    if (chart === 'service-lib' || dir.startsWith('charts/platform/charts/')) continue;
    if (chart === 'platform') {
      for (const values of [null, 'values-dev.yaml', 'values-prod.yaml']) {
        cases.push({
          label: `platform${values ? ` -f ${values}` : ''}`,
          args: ['template', 'platform', dir, ...(values ? ['-f', `${dir}/${values}`] : [])],
          umbrella: true,
          dev: values === 'values-dev.yaml',
        });
      }
      cases.push({
        label: 'platform (every dev dependency, ServiceMonitors, ingress)',
        args: [
          'template',
          'platform',
          dir,
          '-f',
          `${dir}/values-dev.yaml`,
          '--set',
          'global.serviceMonitor.enabled=true,gateway.ingress.enabled=true,gateway.ingress.host=payments.test',
        ],
        umbrella: true,
        dev: true,
      });
    } else {
      cases.push({ label: chart, args: ['template', chart, dir] });
      cases.push({
        label: `${chart} (ServiceMonitor, ingress, autoscaling off)`,
        args: [
          'template',
          chart,
          dir,
          '--set',
          'serviceMonitor.enabled=true,ingress.enabled=true,ingress.host=payments.test,api.autoscaling.enabled=false',
        ],
      });
    }
  }
  return cases;
}

export function lintCharts(root, helm) {
  const problems = [];
  const runs = [];
  for (const dir of chartDirs(root)) {
    const variants =
      dir === 'charts/platform' ? [[], ['-f', `${dir}/values-dev.yaml`], ['-f', `${dir}/values-prod.yaml`]] : [[]];
    for (const extra of variants) {
      const result = run(helm, ['lint', '--strict', dir, ...extra], root);
      runs.push(`${dir}${extra.length ? ` ${extra.join(' ')}` : ''}`);
      const output = `${result.stdout}\n${result.stderr ?? ''}`;
      if (!result.ok || /\[(ERROR|WARNING)\]/.test(output)) {
        problems.push(`helm lint --strict ${dir} ${extra.join(' ')}:\n${indent(output.trim())}`);
      }
    }
  }
  return { problems, runs };
}

const indent = (text) =>
  text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');

/** Renders every case; returns the objects with where they came from. */
export function renderAll(root, helm) {
  const problems = [];
  const renders = [];
  for (const c of renderCases(root)) {
    const result = run(helm, c.args, root);
    if (!result.ok) {
      problems.push(`helm ${c.args.join(' ')} failed:\n${indent(result.stderr)}`);
      continue;
    }
    const objects = [];
    for (const doc of parseAllDocuments(result.stdout)) {
      if (doc.errors.length) problems.push(`${c.label}: rendered YAML does not parse: ${doc.errors[0].message}`);
      const object = doc.toJS();
      if (object) objects.push(object);
    }
    renders.push({ ...c, objects, yaml: result.stdout });
  }
  return { problems, renders };
}

const require = createRequire(import.meta.url);

/** The kubernetes-models class of an object, or undefined. */
async function modelOf(apiVersion, kind) {
  const candidates = [
    `kubernetes-models/${apiVersion}/${kind}`,
    `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`,
  ];
  for (const specifier of candidates) {
    try {
      const module = await import(specifier);
      if (module[kind]) return { model: module[kind], specifier };
    } catch {
      /* not this package */
    }
  }
  return undefined;
}

const where = (render, object) => `${render.label}: ${object?.kind ?? '?'}/${object?.metadata?.name ?? '?'}`;

/** Schema validation with kubernetes-models. */
export async function validateSchemas(renders) {
  const problems = [];
  const kinds = new Set();
  let count = 0;
  for (const render of renders) {
    for (const object of render.objects) {
      count++;
      if (!object.apiVersion || !object.kind) {
        problems.push(`${where(render, object)}: no apiVersion or kind`);
        continue;
      }
      const found = await modelOf(object.apiVersion, object.kind);
      if (!found) {
        problems.push(`${where(render, object)}: no schema for ${object.apiVersion} ${object.kind}`);
        continue;
      }
      kinds.add(`${object.apiVersion} ${object.kind}`);
      object.__model = found.specifier;
      try {
        new found.model(object).validate();
      } catch (error) {
        problems.push(`${where(render, object)}: ${error.message}`);
      }
    }
  }
  return { problems, count, kinds: [...kinds].sort() };
}

/** Unknown fields: each object as a typed TypeScript literal; excess properties are errors. */
export function checkUnknownFields(root, renders) {
  const ts = require('typescript');
  const dir = join(root, '.local/delivery');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'manifests.check.ts');
  const index = [];
  const lines = [];
  for (const render of renders) {
    for (const object of render.objects) {
      if (!object.__model) continue;
      const { __model, ...clean } = object;
      const type = `import('${__model}').I${object.kind}`;
      lines.push(`export const m${index.length}: ${type} = ${JSON.stringify(clean)};`);
      index.push(where(render, object));
    }
  }
  writeFileSync(file, lines.join('\n') + '\n');
  const program = ts.createProgram([file], {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  });
  const problems = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName === file && diagnostic.start !== undefined) {
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      problems.push(`${index[line] ?? `line ${line + 1}`}: ${message}`);
    } else {
      problems.push(message);
    }
  }
  return { problems };
}

const matches = (selector, labels) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value) &&
  Object.keys(selector ?? {}).length > 0;

/** The platform's rules on what the charts render. */
export function checkPolicies(renders) {
  const problems = [];
  const fail = (render, object, message) => problems.push(`${where(render, object)}: ${message}`);
  for (const render of renders) {
    const byKind = (kind) => render.objects.filter((o) => o.kind === kind);
    const deployments = byKind('Deployment');
    const platformDeployments = deployments.filter(
      (d) => d.metadata?.labels?.['app.kubernetes.io/part-of'] === PLATFORM,
    );
    for (const d of platformDeployments) {
      const pod = d.spec?.template?.spec ?? {};
      if (pod.securityContext?.runAsNonRoot !== true) fail(render, d, 'pod securityContext.runAsNonRoot is not true');
      if (pod.automountServiceAccountToken !== false) fail(render, d, 'automountServiceAccountToken is not false');
      for (const c of pod.containers ?? []) {
        // Every API and worker has the internal port; probes go there, never to the public one.
        if (!(c.ports ?? []).some((p) => p.name === 'metrics')) fail(render, d, `${c.name}: no container port metrics`);
        if (!c.livenessProbe) fail(render, d, `container ${c.name} has no livenessProbe`);
        for (const [probe, path] of [
          ['startupProbe', '/health/live'],
          ['livenessProbe', '/health/live'],
          ['readinessProbe', '/health/ready'],
        ]) {
          const get = c[probe]?.httpGet;
          if (get?.path !== path || get?.port !== 'metrics')
            fail(render, d, `${c.name}: ${probe} is not ${path} on metrics`);
        }
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) {
            if (!c.resources?.[kind]?.[resource]) fail(render, d, `${c.name}: no resources.${kind}.${resource}`);
          }
        }
        const sc = c.securityContext ?? {};
        if (sc.readOnlyRootFilesystem !== true) fail(render, d, `${c.name}: readOnlyRootFilesystem is not true`);
        if (sc.allowPrivilegeEscalation !== false) fail(render, d, `${c.name}: allowPrivilegeEscalation is not false`);
        if (!(sc.capabilities?.drop ?? []).includes('ALL')) fail(render, d, `${c.name}: capabilities are not dropped`);
        for (const from of c.envFrom ?? []) {
          const name = from.configMapRef?.name;
          if (name && !byKind('ConfigMap').some((m) => m.metadata.name === name)) {
            fail(render, d, `${c.name}: ConfigMap ${name} is not rendered`);
          }
        }
        if (render.dev) {
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            const secret = ref && byKind('Secret').find((s) => s.metadata.name === ref.name);
            if (ref && !(secret && (secret.stringData?.[ref.key] ?? secret.data?.[ref.key]) !== undefined)) {
              fail(render, d, `${c.name}: ${e.name} reads ${ref.name}/${ref.key}, which the dev render lacks`);
            }
          }
        }
      }
      const podLabels = d.spec?.template?.metadata?.labels;
      if (!matches(d.spec?.selector?.matchLabels, podLabels)) fail(render, d, 'selector does not match its pod labels');
      const hpa = byKind('HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.name === d.metadata.name);
      if (hpa && d.spec.replicas !== undefined) fail(render, d, 'has spec.replicas and an HPA: they would fight');
      if (!hpa && d.spec.replicas === undefined) fail(render, d, 'has neither spec.replicas nor an HPA');
      // The umbrella's defaults (and prod) autoscale every API; workers may run a fixed count.
      const api = (pod.containers ?? []).some((c) => (c.ports ?? []).some((p) => p.name === 'http'));
      if (render.umbrella && !render.dev && api && !hpa) fail(render, d, 'API without an HPA');
      if (!byKind('PodDisruptionBudget').some((p) => matches(p.spec?.selector?.matchLabels, podLabels))) {
        fail(render, d, 'no PodDisruptionBudget selects its pods');
      }
      // Who may reach it: the API port from the named peers only, the metrics port from Prometheus.
      const policies = byKind('NetworkPolicy').filter((n) => matches(n.spec?.podSelector?.matchLabels, podLabels));
      const opened = policies.flatMap((n) => (n.spec.ingress ?? []).flatMap((rule) => rule.ports ?? []));
      if (!policies.length) fail(render, d, 'no NetworkPolicy selects its pods');
      else {
        if (!opened.some((p) => p.port === 'metrics')) fail(render, d, 'its NetworkPolicy does not open metrics');
        if (api && !opened.some((p) => p.port === 'http')) fail(render, d, 'its NetworkPolicy does not open http');
        if (policies.some((n) => (n.spec.ingress ?? []).some((rule) => !(rule.from ?? []).length))) {
          fail(render, d, 'a NetworkPolicy rule admits any source');
        }
      }
    }
    for (const s of byKind('Service')) {
      const target = deployments.find((d) => matches(s.spec?.selector, d.spec?.template?.metadata?.labels));
      if (!target) {
        fail(render, s, 'selects no Deployment');
        continue;
      }
      const ports = (target.spec.template.spec.containers ?? []).flatMap((c) => c.ports ?? []);
      for (const p of s.spec.ports ?? []) {
        if (typeof p.targetPort === 'string' && !ports.some((cp) => cp.name === p.targetPort)) {
          fail(render, s, `targetPort ${p.targetPort} is no container port of ${target.metadata.name}`);
        }
      }
    }
    for (const h of byKind('HorizontalPodAutoscaler')) {
      if (!deployments.some((d) => d.metadata.name === h.spec?.scaleTargetRef?.name))
        fail(render, h, 'targets no Deployment');
      if ((h.spec?.minReplicas ?? 1) > h.spec?.maxReplicas) fail(render, h, 'minReplicas > maxReplicas');
    }
    for (const p of byKind('PodDisruptionBudget')) {
      if (!deployments.some((d) => matches(p.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels))) {
        fail(render, p, 'selects no Deployment');
      }
    }
    for (const m of byKind('PodMonitor')) {
      const selector = m.spec?.selector ?? {};
      const selected = deployments.filter((d) => {
        const labels = d.spec?.template?.metadata?.labels ?? {};
        return (
          matches(selector.matchLabels, labels) &&
          (selector.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values.includes(labels[e.key]))
        );
      });
      if (!selected.length) fail(render, m, 'selects no Deployment');
      for (const d of selected) {
        const ports = (d.spec.template.spec.containers ?? []).flatMap((c) => c.ports ?? []);
        if (!m.spec.podMetricsEndpoints.every((e) => ports.some((p) => p.name === e.port))) {
          fail(render, m, `endpoint port is not a container port of ${d.metadata.name}`);
        }
      }
    }
    for (const m of byKind('ServiceMonitor')) {
      const service = byKind('Service').find((s) => matches(m.spec?.selector?.matchLabels, s.metadata?.labels));
      if (!service) fail(render, m, 'selects no Service');
      else if (!m.spec.endpoints.every((e) => service.spec.ports.some((p) => p.name === e.port))) {
        fail(render, m, 'endpoint port is not a port of the Service');
      }
    }
  }
  return { problems };
}
