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

/** The private ranges (and loopback, link-local, shared) an egress rule to the internet must leave out. */
const CLUSTER_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8'];

/** Secrets that only one process of one service may read, each in a Secret of its own. */
const OWN_SECRETS = [
  // Identity alone signs access tokens (API and worker: one schema).
  { variable: 'JWT_SIGNING_KEY', secret: 'identity-signing-key', service: 'identity', components: null },
  // Only tokenization's worker signs on chain: not its API, not its migration Job.
  {
    variable: 'EVM_DEPLOYER_PRIVATE_KEY',
    secret: 'tokenization-deployer',
    service: 'tokenization',
    components: ['worker'],
  },
];

const sha256 = async (text) => (await import('node:crypto')).createHash('sha256').update(text).digest('hex');

/**
 * Least privilege in what the charts render: the signing and deployer keys in Secrets of their
 * own, given to their one process only; each service's REDIS_URL from its own Secret, naming its
 * own Redis user, which the dev Redis's ACL file knows (password, keys, no dangerous commands, the
 * default user off); every pod's egress limited (no rule to anywhere, the internet without the
 * cluster's ranges).
 */
export async function checkIsolation(renders) {
  const problems = [];
  const fail = (render, object, message) => problems.push(`${where(render, object)}: ${message}`);
  for (const render of renders) {
    const byKind = (kind) => render.objects.filter((o) => o.kind === kind);
    const secrets = byKind('Secret');
    const secretValue = (name, key) => {
      const secret = secrets.find((s) => s.metadata.name === name);
      return (
        secret &&
        (secret.stringData?.[key] ?? (secret.data?.[key] && Buffer.from(secret.data[key], 'base64').toString()))
      );
    };
    const pods = [...byKind('Deployment'), ...byKind('Job')].filter(
      (o) => o.metadata?.labels?.['app.kubernetes.io/part-of'] === PLATFORM,
    );
    const redisSecrets = new Map();
    for (const pod of pods) {
      const labels = pod.spec.template.metadata?.labels ?? pod.metadata.labels;
      const service = labels['app.kubernetes.io/name'];
      const component = pod.kind === 'Job' ? 'migrate' : labels['app.kubernetes.io/component'];
      for (const container of pod.spec.template.spec.containers ?? []) {
        const env = container.env ?? [];
        for (const own of OWN_SECRETS) {
          const entry = env.find((e) => e.name === own.variable);
          const allowed = service === own.service && (!own.components || own.components.includes(component));
          if (entry && !allowed)
            fail(render, pod, `${own.variable} is given to ${service} ${component}, which must not hold it`);
          if (!entry && allowed && pod.kind === 'Deployment')
            fail(render, pod, `${own.variable} is not given to ${service} ${component}`);
          if (entry && entry.valueFrom?.secretKeyRef?.name !== own.secret)
            fail(render, pod, `${own.variable} is not read from its own Secret ${own.secret}`);
        }
        if ((container.envFrom ?? []).some((from) => from.secretRef))
          fail(render, pod, 'takes a whole Secret (envFrom): name each variable');
        const redis = env.find((e) => e.name === 'REDIS_URL');
        if (!redis) continue;
        const ref = redis.valueFrom?.secretKeyRef;
        if (ref?.name !== `${service}-redis`) {
          fail(render, pod, `REDIS_URL is not read from the service's own Secret ${service}-redis`);
          continue;
        }
        if (redisSecrets.has(ref.name) && redisSecrets.get(ref.name) !== service)
          fail(render, pod, `REDIS_URL Secret ${ref.name} is shared with ${redisSecrets.get(ref.name)}`);
        redisSecrets.set(ref.name, service);
        const url = secretValue(ref.name, ref.key);
        if (url !== undefined) {
          const parsed = new URL(url);
          if (parsed.username !== service || !parsed.password)
            fail(render, pod, `REDIS_URL of ${ref.name} does not carry the user ${service} and a password`);
        }
      }
    }
    // A Secret holding a key of one process holds nothing else; none of them sits in another.
    for (const own of OWN_SECRETS) {
      for (const secret of secrets) {
        const keys = Object.keys({ ...(secret.stringData ?? {}), ...(secret.data ?? {}) });
        if (keys.includes(own.variable) && secret.metadata.name !== own.secret)
          fail(render, secret, `holds ${own.variable}, which belongs in ${own.secret} alone`);
        if (secret.metadata.name === own.secret && keys.some((key) => key !== own.variable))
          fail(render, secret, `holds more than ${own.variable}`);
      }
    }
    // The dev Redis: users from an ACL file, one per service with a password and its own keys.
    const redisDeployment = byKind('Deployment').find((d) => d.metadata.name === 'redis');
    if (redisDeployment) {
      const container = redisDeployment.spec.template.spec.containers[0];
      const args = container.args ?? [];
      const aclPath = args[args.indexOf('--aclfile') + 1];
      const mount =
        args.includes('--aclfile') && container.volumeMounts?.find((m) => aclPath?.startsWith(`${m.mountPath}/`));
      const volume = mount && redisDeployment.spec.template.spec.volumes.find((v) => v.name === mount.name);
      const acl = volume?.secret && secretValue(volume.secret.secretName, aclPath.slice(mount.mountPath.length + 1));
      if (!acl) fail(render, redisDeployment, 'Redis is not configured with an ACL file from a Secret (--aclfile)');
      else {
        const users = new Map(
          acl
            .split('\n')
            .map((line) => line.trim().split(/\s+/))
            .filter((words) => words[0] === 'user')
            .map((words) => [words[1], words.slice(2)]),
        );
        if (!users.get('default')?.includes('off'))
          fail(render, redisDeployment, 'the ACL file leaves the default user on');
        for (const [name, service] of redisSecrets) {
          const url = secretValue(name, 'REDIS_URL');
          if (url === undefined) continue;
          const parsed = new URL(url);
          const rules = users.get(parsed.username);
          if (!rules) {
            fail(render, redisDeployment, `the ACL file has no user ${parsed.username} (${service})`);
            continue;
          }
          const password = decodeURIComponent(parsed.password);
          if (!rules.includes(`#${await sha256(password)}`) && !rules.includes(`>${password}`))
            fail(render, redisDeployment, `the ACL user ${parsed.username} does not have ${name}'s password`);
          if (!rules.includes('on') || rules.some((r) => ['nopass', 'allkeys', '~*', 'allchannels', '&*'].includes(r)))
            fail(
              render,
              redisDeployment,
              `the ACL user ${parsed.username} is off, has no password or reaches every key`,
            );
          if (!rules.includes('-@dangerous') || !rules.some((r) => /^(%R)?~./.test(r)))
            fail(render, redisDeployment, `the ACL user ${parsed.username} lacks its key patterns or -@dangerous`);
        }
      }
    }
    // Egress: every platform pod is selected by a policy that limits it.
    const policies = byKind('NetworkPolicy');
    for (const policy of policies) {
      if (!(policy.spec.policyTypes ?? []).includes('Egress')) continue;
      for (const rule of policy.spec.egress ?? []) {
        if (!(rule.to ?? []).length) fail(render, policy, 'an egress rule admits any destination');
        for (const peer of rule.to ?? []) {
          const block = peer.ipBlock;
          if (block && /\/0$/.test(block.cidr) && block.cidr.startsWith('0.0.0.0')) {
            const missing = CLUSTER_RANGES.filter((range) => !(block.except ?? []).includes(range));
            if (missing.length)
              fail(render, policy, `egress to ${block.cidr} does not leave out ${missing.join(', ')}`);
          }
        }
      }
    }
    for (const pod of pods) {
      const labels = pod.spec.template.metadata?.labels ?? {};
      const limiting = policies.filter(
        (n) => (n.spec.policyTypes ?? []).includes('Egress') && matches(n.spec?.podSelector?.matchLabels, labels),
      );
      if (!limiting.length && render.objects.some((o) => o.kind === 'NetworkPolicy'))
        fail(render, pod, 'no NetworkPolicy limits its egress');
    }
  }
  return { problems };
}
