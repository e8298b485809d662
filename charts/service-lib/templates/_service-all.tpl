{{/*
Everything a service chart installs; a service chart's only template is
  {{ include "service-lib.service" . }}
Values (see charts/identity/values.yaml):
  image            repository, tag (default: global.imageTag, then appVersion), pullPolicy
  api              port, replicas, autoscaling, pdb, resources, probes, mounts (omit or enabled: false for none)
  workers          map of key -> command, replicas, autoscaling, pdb, resources, mounts: one Deployment each
  env              non-secret variables (ConfigMap), merged over global.env
  secretEnv        variables read from Secrets (names, or { name, secretName, key }), for every pod
  (api/workers).secretEnv  more of them for that component's pods alone (not the migration Job)
  (api/workers).egress     more egress for that component's pods alone (see _networkpolicy.tpl)
  (api/workers).mounts  read-only files in that component's pods: name, mountPath, volume (a volume source)
  migrations       enabled, command: the pre-upgrade Job
  serviceMonitor   enabled, interval, labels (or global.serviceMonitor): API ServiceMonitor, workers' PodMonitor
  networkPolicy    enabled, apiFrom (or global.networkPolicy): who may call the API port;
                   egress, egressTo: what every pod of the chart may reach
  ingress          enabled, host, className, annotations, tls, trustedProxies (the gateway)
Globals: metricsPort (the internal port of every component), migrations.atStart (dev: the API
migrates at start with DATABASE_ADMIN_URL), networkPolicy.{enabled,gateway,ingressController,prometheus,egressPeers}.
*/}}
{{- define "service-lib.service" -}}
{{- $root := . -}}
{{ include "service-lib.serviceAccount" $root }}
---
{{ include "service-lib.configMap" $root }}
{{- $api := .Values.api | default dict -}}
{{- if ne (toString $api.enabled) "false" }}
{{- $ctx := dict "root" $root "kind" "api" "values" $api }}
---
{{ include "service-lib.deployment" $ctx }}
---
{{ include "service-lib.k8sService" $ctx }}
{{- with include "service-lib.hpa" $ctx }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.pdb" $ctx }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.serviceMonitor" $ctx }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.ingress" $ctx }}
---
{{ . }}
{{- end }}
{{- end }}
{{- range $key, $worker := .Values.workers }}
{{- if ne (toString $worker.enabled) "false" }}
{{- $ctx := dict "root" $root "kind" "worker" "key" $key "values" $worker }}
---
{{ include "service-lib.deployment" $ctx }}
{{- with include "service-lib.hpa" $ctx }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.pdb" $ctx }}
---
{{ . }}
{{- end }}
{{- end }}
{{- end }}
{{- with include "service-lib.podMonitor" $root }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.networkPolicy" $root }}
---
{{ . }}
{{- end }}
{{- with include "service-lib.migrationJob" $root }}
---
{{ . }}
{{- end }}
{{- end -}}
