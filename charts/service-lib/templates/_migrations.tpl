{{/*
Migrations before an upgrade: a pre-upgrade hook Job runs the new image's migrate command, and
the upgrade stops (old pods keep serving) if it fails. On first install there is no hook: the
API applies its migrations at start under a Postgres advisory lock, which also works when the
database is installed by the same release (a pre-install hook would run before it exists).
The Job's environment is rendered inline: the hook runs before the new ConfigMap is applied.
*/}}
{{- define "service-lib.migrationJob" -}}
{{- $m := .Values.migrations | default dict -}}
{{- if $m.enabled }}
{{- $ctx := dict "root" . "kind" "migrate" "key" "migrate" -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "service-lib.fullname" . }}-migrate
  labels:
    {{- include "service-lib.labels" $ctx | nindent 4 }}
  annotations:
    helm.sh/hook: pre-upgrade
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
      serviceAccountName: {{ include "service-lib.fullname" . }}
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
            {{- with include "service-lib.secretEnv" . | trim }}{{ . | nindent 12 }}{{ end }}
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
