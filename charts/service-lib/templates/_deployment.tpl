{{/*
The container environment of a component: the chart's ConfigMap, the Secret references (the
chart's secretEnv, then the component's own: api.secretEnv, workers.<key>.secretEnv), then
the component's own SERVICE_NAME, PORT (a worker has PORT 0: no public HTTP server) and
METRICS_PORT (the internal port of /metrics and /health/*, every component has one). With
global.migrations.atStart (dev clusters) the API also gets DATABASE_ADMIN_URL and migrates at
start; otherwise only the migration Job has it.
*/}}
{{- define "service-lib.containerEnv" -}}
{{- $g := include "service-lib.globals" .root | fromYaml -}}
envFrom:
  - configMapRef:
      name: {{ include "service-lib.fullname" .root }}-env
env:
  - name: SERVICE_NAME
    value: {{ include "service-lib.componentName" . | quote }}
  - name: PORT
    value: {{ .kind | eq "api" | ternary .values.port 0 | toString | quote }}
  - name: METRICS_PORT
    value: {{ $g.metricsPort | toString | quote }}
{{- with include "service-lib.secretEnv" .root | trim }}{{ . | nindent 2 }}{{ end }}
{{- with include "service-lib.secretRefs" (dict "root" .root "entries" .values.secretEnv) | trim }}{{ . | nindent 2 }}{{ end }}
{{- if and (eq .kind "api") $g.migrations.atStart ((.root.Values.migrations | default dict).enabled) }}
{{- include "service-lib.adminSecretEnv" .root | trim | nindent 2 }}
{{- end }}
{{- range $name, $value := .values.env }}
  - name: {{ $name }}
    value: {{ tpl (toString $value) $.root | quote }}
{{- end }}
{{- end -}}

{{/*
Probes, all on the internal port `metrics` (never routed publicly): startup and liveness on
/health/live (the process is up; no dependency is touched, so a database outage never restarts
pods), readiness on /health/ready (database, Redis, Kafka; the gateway: Redis). A worker has no
Service, but its readiness still paces its rolling updates.
*/}}
{{- define "service-lib.probes" -}}
{{- $p := .values.probes | default dict -}}
startupProbe:
  httpGet:
    path: /health/live
    port: metrics
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: {{ $p.startupFailureThreshold | default 36 }}
livenessProbe:
  httpGet:
    path: /health/live
    port: metrics
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: {{ $p.livenessFailureThreshold | default 3 }}
readinessProbe:
  httpGet:
    path: /health/ready
    port: metrics
  periodSeconds: 10
  timeoutSeconds: 5
  failureThreshold: 3
{{- end -}}

{{/* One Deployment per component: the API and each worker scale apart. */}}
{{- define "service-lib.deployment" -}}
{{- $root := .root -}}
{{- $c := .values -}}
{{- $name := include "service-lib.componentName" . -}}
{{- $autoscaling := $c.autoscaling | default dict -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
spec:
  {{- if not $autoscaling.enabled }}
  replicas: {{ $c.replicas | default 1 }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "service-lib.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      {{- if eq .kind "api" }}
      maxSurge: 1
      maxUnavailable: 0
      {{- else }}
      maxSurge: 1
      maxUnavailable: 1
      {{- end }}
  template:
    metadata:
      labels:
        {{- include "service-lib.labels" . | nindent 8 }}
      annotations:
        checksum/env: {{ include "service-lib.env" $root | sha256sum }}
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "service-lib.fullname" $root }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      {{- with include "service-lib.imagePullSecrets" $root }}{{ . | nindent 6 }}{{ end }}
      securityContext:
        {{- include "service-lib.podSecurityContext" $root | nindent 8 }}
      terminationGracePeriodSeconds: {{ $c.terminationGracePeriodSeconds | default 30 }}
      {{- if eq .kind "api" }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "service-lib.selectorLabels" . | nindent 14 }}
      {{- end }}
      {{- with $root.Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .kind | eq "api" | ternary "api" "worker" }}
          image: {{ include "service-lib.image" $root | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy | default "IfNotPresent" }}
          {{- with $c.command }}
          command:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          ports:
            {{- if eq .kind "api" }}
            - name: http
              containerPort: {{ required (printf "%s: api.port is required" $name) $c.port }}
              protocol: TCP
            {{- end }}
            - name: metrics
              containerPort: {{ (include "service-lib.globals" $root | fromYaml).metricsPort }}
              protocol: TCP
          {{- include "service-lib.containerEnv" . | nindent 10 }}
          {{- include "service-lib.probes" . | trim | nindent 10 }}
          resources:
            {{- required (printf "%s: resources (requests and limits) are required" $name) $c.resources | toYaml | nindent 12 }}
          securityContext:
            {{- include "service-lib.containerSecurityContext" $root | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- range $c.mounts }}
            - name: {{ .name }}
              mountPath: {{ .mountPath }}
              readOnly: true
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
        {{- range $c.mounts }}
        - name: {{ .name }}
          {{- toYaml .volume | nindent 10 }}
        {{- end }}
{{- end -}}
