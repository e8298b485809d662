{{/*
The migration step of a cluster: a Job runs the image's migrate command with DATABASE_ADMIN_URL
(owner of the database, may create roles): it creates the schema and the service's role (named
after the schema; its password is the one in the service's DATABASE_URL), applies pending
migrations and grants the role its tables. The service's pods connect as that role only and never
migrate; they wait (then restart) until the migrations they know are applied.
Hooks: pre-install and pre-upgrade, so the schema is ready before any pod starts, and a failed
migration stops an upgrade while the old pods keep serving. With global.migrations.atStart (dev
clusters, where Postgres and the Secret are installed by the same release and do not exist yet
at pre-install) it is pre-upgrade only and the API migrates at start instead.
The Job's environment is rendered inline: the hook runs before the new ConfigMap is applied. It
uses the namespace's default ServiceAccount (no token mounted): the chart's does not exist yet at
pre-install.
*/}}
{{- define "service-lib.migrationJob" -}}
{{- $m := .Values.migrations | default dict -}}
{{- if $m.enabled }}
{{- $ctx := dict "root" . "kind" "migrate" "key" "migrate" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "service-lib.fullname" . }}-migrate
  labels:
    {{- include "service-lib.labels" $ctx | nindent 4 }}
  annotations:
    helm.sh/hook: {{ $g.migrations.atStart | ternary "pre-upgrade" "pre-install,pre-upgrade" }}
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  backoffLimit: 2
  activeDeadlineSeconds: {{ $m.activeDeadlineSeconds | default 600 }}
  ttlSecondsAfterFinished: 86400
  template:
    metadata:
      labels:
        {{- include "service-lib.selectorLabels" $ctx | nindent 8 }}
    spec:
      restartPolicy: Never
      automountServiceAccountToken: false
      enableServiceLinks: false
      {{- with include "service-lib.imagePullSecrets" . }}{{ . | nindent 6 }}{{ end }}
      securityContext:
        {{- include "service-lib.podSecurityContext" . | nindent 8 }}
      containers:
        - name: migrate
          image: {{ include "service-lib.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy | default "IfNotPresent" }}
          command:
            {{- required "migrations.command is required when migrations.enabled" $m.command | toYaml | nindent 12 }}
          env:
            {{- range $name, $value := include "service-lib.env" . | fromYaml }}
            - name: {{ $name }}
              value: {{ $value | toString | quote }}
            {{- end }}
            - name: SERVICE_NAME
              value: {{ include "service-lib.componentName" $ctx | quote }}
            - name: PORT
              value: "0"
            - name: METRICS_PORT
              value: "0"
            {{- with include "service-lib.secretEnv" . | trim }}{{ . | nindent 12 }}{{ end }}
            {{- include "service-lib.adminSecretEnv" . | trim | nindent 12 }}
          resources:
            {{- $m.resources | default .Values.api.resources | toYaml | nindent 12 }}
          securityContext:
            {{- include "service-lib.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
{{- end }}
{{- end -}}
