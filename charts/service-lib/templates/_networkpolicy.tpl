{{/*
The service's NetworkPolicy, selecting every pod of the chart (API, workers, migration Job):
ingress to the API port `http` only from networkPolicy.apiFrom (default: the gateway's pods; the
gateway's chart: the ingress controller), to the internal port `metrics` only from Prometheus;
nothing else gets in. Egress stays open (Postgres, Redis, Kafka, SMTP and the providers' APIs
live outside the chart). Kubelet probes come from the node, which CNIs let through.
apiFrom entries: "gateway", "ingressController", "workers" (the chart's own workers), or a
NetworkPolicyPeer. The peers: global.networkPolicy.{gateway,ingressController,prometheus}.
*/}}
{{- define "service-lib.networkPolicy" -}}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- $np := .Values.networkPolicy | default dict -}}
{{- /* On unless the chart or global.networkPolicy says enabled: false (merge would lose a false). */ -}}
{{- $enabled := hasKey $np "enabled" | ternary $np.enabled (ne (toString $g.networkPolicy.enabled) "false") -}}
{{- $api := .Values.api | default dict -}}
{{- if $enabled }}
{{- $fullname := include "service-lib.fullname" . -}}
{{- $workers := list -}}
{{- range $key, $worker := .Values.workers }}{{ if ne (toString $worker.enabled) "false" }}{{ $workers = append $workers $key }}{{ end }}{{ end -}}
{{- $peers := dict
  "gateway" ($g.networkPolicy.gateway | default (dict "podSelector" (dict "matchLabels" (dict "app.kubernetes.io/name" "gateway" "app.kubernetes.io/component" "api"))))
  "ingressController" ($g.networkPolicy.ingressController | default (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" "ingress-nginx")) "podSelector" (dict "matchLabels" (dict "app.kubernetes.io/name" "ingress-nginx"))))
  "prometheus" ($g.networkPolicy.prometheus | default (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" "monitoring")) "podSelector" (dict "matchLabels" (dict "app.kubernetes.io/name" "prometheus"))))
  "workers" (dict "podSelector" (dict "matchLabels" (dict "app.kubernetes.io/name" $fullname "app.kubernetes.io/instance" .Release.Name) "matchExpressions" (list (dict "key" "app.kubernetes.io/component" "operator" "In" "values" (ternary $workers (list "none") (gt (len $workers) 0))))))
-}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "service-lib.labels" (dict "root" . "kind" "api") | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      app.kubernetes.io/name: {{ $fullname }}
      app.kubernetes.io/instance: {{ .Release.Name }}
  policyTypes: [Ingress]
  ingress:
    {{- if ne (toString $api.enabled) "false" }}
    - from:
        {{- range $np.apiFrom | default (list "gateway") }}
        {{- $peer := kindIs "string" . | ternary (get $peers (toString .)) . }}
        {{- list (required (printf "networkPolicy.apiFrom: %v is not gateway, ingressController, workers or a peer" .) $peer) | toYaml | nindent 8 }}
        {{- end }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
    - from:
        {{- list (get $peers "prometheus") | toYaml | nindent 8 }}
      ports:
        - port: metrics
          protocol: TCP
{{- end }}
{{- end -}}
