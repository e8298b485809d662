{{/* HorizontalPodAutoscaler of one component, when its autoscaling is enabled. */}}
{{- define "service-lib.hpa" -}}
{{- $a := .values.autoscaling | default dict -}}
{{- if $a.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "service-lib.componentName" . }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "service-lib.componentName" . }}
  minReplicas: {{ $a.minReplicas | default 1 }}
  maxReplicas: {{ required "autoscaling.maxReplicas is required" $a.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $a.targetCPUUtilizationPercentage | default 70 }}
    {{- with $a.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
  {{- with $a.behavior }}
  behavior:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* PodDisruptionBudget of one component: voluntary evictions (node drains) keep it serving. */}}
{{- define "service-lib.pdb" -}}
{{- $p := .values.pdb | default dict -}}
{{- if $p.enabled }}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "service-lib.componentName" . }}
  labels:
    {{- include "service-lib.labels" . | nindent 4 }}
spec:
  {{- if hasKey $p "minAvailable" }}
  minAvailable: {{ $p.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $p.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "service-lib.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end -}}
