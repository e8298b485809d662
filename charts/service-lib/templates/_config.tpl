{{/* The service's non-secret environment, shared by its API, workers and migration Job. */}}
{{- define "service-lib.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "service-lib.fullname" . }}-env
  labels:
    {{- include "service-lib.labels" (dict "root" . "kind" "api") | nindent 4 }}
data:
  {{- include "service-lib.env" . | nindent 2 }}
{{- end -}}

{{/* A ServiceAccount per service with no API token mounted: the services never call Kubernetes. */}}
{{- define "service-lib.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "service-lib.fullname" . }}
  labels:
    {{- include "service-lib.labels" (dict "root" . "kind" "api") | nindent 4 }}
automountServiceAccountToken: false
{{- end -}}
