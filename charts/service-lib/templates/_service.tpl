{{/*
The API's Service: http on the service's port (what the gateway calls) and metrics on the internal
port (what the ServiceMonitor scrapes). The NetworkPolicy decides who reaches which.
*/}}
{{- define "service-lib.k8sService" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "service-lib.componentName" . }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
spec:
  type: {{ .values.serviceType | default "ClusterIP" }}
  selector:
    {{- include "service-lib.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ .values.port }}
      targetPort: http
      protocol: TCP
    - name: metrics
      port: {{ (include "service-lib.globals" .root | fromYaml).metricsPort }}
      targetPort: metrics
      protocol: TCP
{{- end -}}

{{/* Prometheus Operator ServiceMonitor for the API's /metrics (internal port), when enabled (per chart or global). */}}
{{- define "service-lib.serviceMonitor" -}}
{{- $g := include "service-lib.globals" .root | fromYaml -}}
{{- $sm := merge (deepCopy (.root.Values.serviceMonitor | default dict)) $g.serviceMonitor -}}
{{- if $sm.enabled }}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "service-lib.componentName" . }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
    {{- with $sm.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- include "service-lib.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: metrics
      path: /metrics
      interval: {{ $sm.interval | default "30s" }}
{{- end }}
{{- end -}}

{{/*
Prometheus Operator PodMonitor for the workers' /metrics (they have no Service), when the
ServiceMonitor is enabled and the chart has workers.
*/}}
{{- define "service-lib.podMonitor" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- $sm := merge (deepCopy (.Values.serviceMonitor | default dict)) $g.serviceMonitor -}}
{{- $workers := list -}}
{{- range $key, $worker := .Values.workers }}{{ if ne (toString $worker.enabled) "false" }}{{ $workers = append $workers $key }}{{ end }}{{ end -}}
{{- if and $sm.enabled $workers }}
{{- $ctx := dict "root" . "kind" "worker" "key" "workers" }}
apiVersion: monitoring.coreos.com/v1
kind: PodMonitor
metadata:
  name: {{ include "service-lib.fullname" . }}-workers
  labels:
    {{- include "service-lib.labels" $ctx | nindent 4 }}
    {{- with $sm.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: {{ include "service-lib.fullname" . }}
      app.kubernetes.io/instance: {{ .Release.Name }}
    matchExpressions:
      - key: app.kubernetes.io/component
        operator: In
        values:
          {{- toYaml $workers | nindent 10 }}
  podMetricsEndpoints:
    - port: metrics
      path: /metrics
      interval: {{ $sm.interval | default "30s" }}
{{- end }}
{{- end -}}

{{/* Ingress to the API (the gateway's chart enables it; no other service is public). */}}
{{- define "service-lib.ingress" -}}
{{- $i := .root.Values.ingress | default dict -}}
{{- if $i.enabled }}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ include "service-lib.componentName" . }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
  {{- with $i.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with $i.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- with $i.tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  rules:
    - host: {{ required "ingress.host is required when ingress.enabled" $i.host | quote }}
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: {{ include "service-lib.componentName" . }}
                port:
                  name: http
{{- end }}
{{- end -}}
