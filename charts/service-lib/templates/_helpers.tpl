{{/*
Names. A service's objects carry the service's name (identity, profile, gateway), not the
release's: the services find each other at http://<name>:<port> however they were installed
(one umbrella release or one release per chart). Install one platform per namespace.
*/}}
{{- define "service-lib.fullname" -}}
{{- .Values.fullnameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The name of one component: the API keeps the service's name, a worker appends its key. */}}
{{- define "service-lib.componentName" -}}
{{- if eq .kind "api" -}}
{{- include "service-lib.fullname" .root -}}
{{- else -}}
{{- printf "%s-%s" (include "service-lib.fullname" .root) .key | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Global values with their defaults (the umbrella sets them once for every service). */}}
{{- define "service-lib.globals" -}}
{{- $defaults := dict
  "imageRegistry" ""
  "imageTag" ""
  "imagePullSecrets" (list)
  "secretName" "platform-secrets"
  "env" (dict)
  "serviceMonitor" (dict "enabled" false "interval" "30s" "labels" (dict))
  "metricsPort" 9464
  "migrations" (dict "atStart" false)
  "networkPolicy" (dict "prometheus" (dict) "ingressController" (dict) "gateway" (dict) "egressPeers" (dict))
-}}
{{- toYaml (merge (deepCopy (.Values.global | default dict)) $defaults) -}}
{{- end -}}

{{- define "service-lib.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "service-lib.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Values.image.tag | default .root.Chart.AppVersion | toString | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: payments-platform
{{- end -}}

{{- define "service-lib.selectorLabels" -}}
app.kubernetes.io/name: {{ include "service-lib.fullname" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .kind | eq "api" | ternary "api" .key }}
{{- end -}}

{{/* The image of every component of the chart: a worker is the same image with another command. */}}
{{- define "service-lib.image" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- $registry := .Values.image.registry | default $g.imageRegistry -}}
{{- $repository := required "image.repository is required" .Values.image.repository -}}
{{- $tag := .Values.image.tag | default $g.imageTag | default .Chart.AppVersion | toString -}}
{{- if $registry -}}{{ printf "%s/%s:%s" $registry $repository $tag }}{{- else -}}{{ printf "%s:%s" $repository $tag }}{{- end -}}
{{- end -}}

{{/*
The non-secret environment of the service (its ConfigMap): global.env, then the chart's env.
Values may use templates, e.g. "http://{{ .Release.Name }}-x"; an empty value is left out.
*/}}
{{- define "service-lib.env" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- $env := dict "NODE_ENV" "production" "HOST" "0.0.0.0" "KAFKAJS_NO_PARTITIONER_WARNING" "1" -}}
{{- range $name, $value := merge (deepCopy (.Values.env | default dict)) $g.env -}}
{{- if not (kindIs "invalid" $value) -}}
{{- $rendered := tpl (toString $value) $ -}}
{{- if ne $rendered "" -}}{{- $_ := set $env $name $rendered -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/*
Variables read from Secrets (never rendered into the chart): each entry of secretEnv is a
variable name read from the key of the same name in global.secretName, or
{ name, secretName, key, optional } to read it from elsewhere (optional: the pod starts without it).
*/}}
{{- define "service-lib.secretEnv" -}}
{{- include "service-lib.secretRefs" (dict "root" . "entries" .Values.secretEnv) }}
{{- end -}}

{{/* The env entries of a list of secretEnv-style entries (see service-lib.secretEnv). */}}
{{- define "service-lib.secretRefs" -}}
{{- $g := include "service-lib.globals" .root | fromYaml -}}
{{- range .entries }}
{{- $entry := kindIs "string" . | ternary (dict "name" .) . }}
- name: {{ $entry.name }}
  valueFrom:
    secretKeyRef:
      name: {{ $entry.secretName | default $g.secretName }}
      key: {{ $entry.key | default $entry.name }}
      {{- if $entry.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end -}}

{{/*
The migration connection (DATABASE_ADMIN_URL: owner of the database, may create roles), read by
the migration Job, and by the API when global.migrations.atStart (dev clusters). Default: the key
DATABASE_ADMIN_URL of global.secretName; migrations.secretEnv replaces it.
*/}}
{{- define "service-lib.adminSecretEnv" -}}
{{- include "service-lib.secretRefs" (dict "root" . "entries" ((.Values.migrations | default dict).secretEnv | default (list "DATABASE_ADMIN_URL"))) }}
{{- end -}}

{{- define "service-lib.podSecurityContext" -}}
{{- $defaults := dict
  "runAsNonRoot" true
  "runAsUser" 1000
  "runAsGroup" 1000
  "fsGroup" 1000
  "seccompProfile" (dict "type" "RuntimeDefault")
-}}
{{- toYaml (merge (deepCopy (.Values.podSecurityContext | default dict)) $defaults) -}}
{{- end -}}

{{- define "service-lib.containerSecurityContext" -}}
{{- $defaults := dict
  "allowPrivilegeEscalation" false
  "readOnlyRootFilesystem" true
  "runAsNonRoot" true
  "capabilities" (dict "drop" (list "ALL"))
-}}
{{- toYaml (merge (deepCopy (.Values.securityContext | default dict)) $defaults) -}}
{{- end -}}

{{- define "service-lib.imagePullSecrets" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- with .Values.imagePullSecrets | default $g.imagePullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ if kindIs "string" . }}{{ . }}{{ else }}{{ .name }}{{ end }}
{{- end }}
{{- end }}
{{- end -}}
