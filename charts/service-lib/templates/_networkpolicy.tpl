{{/*
The service's NetworkPolicy, selecting every pod of the chart (API, workers, migration Job):
ingress to the API port `http` only from networkPolicy.apiFrom (default: the gateway's pods; the
gateway's chart: the ingress controller), to the internal port `metrics` only from Prometheus;
nothing else gets in. Egress only to networkPolicy.egress (default: dns, postgres, redis, kafka,
otel) and to the APIs of networkPolicy.egressTo (service names); a component's own egress entries
(api.egress, workers.<key>.egress) open more for its pods alone, in a NetworkPolicy of its own.
Kubelet probes come from the node, which CNIs let through.
apiFrom entries: "gateway", "ingressController", "workers" (the chart's own workers), or a
NetworkPolicyPeer. The peers: global.networkPolicy.{gateway,ingressController,prometheus}.
Egress entries: a name of global.networkPolicy.egressPeers (dns, postgres, redis, kafka, otel,
smtp, publicHttps, publicAny, xrpl; see service-lib.egressPeers) or a NetworkPolicyEgressRule.
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
  policyTypes: [Ingress, Egress]
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
  egress:
    {{- include "service-lib.egressRules" (dict "root" . "entries" (hasKey $np "egress" | ternary $np.egress (list "dns" "postgres" "redis" "kafka" "otel")) "where" "networkPolicy.egress") | nindent 4 }}
    {{- range $np.egressTo }}
    # The API of {{ . }} (its port http).
    - to:
        - podSelector:
            matchLabels:
              app.kubernetes.io/name: {{ . }}
              app.kubernetes.io/component: api
      ports:
        - port: http
          protocol: TCP
    {{- end }}
{{- range $key, $c := dict "api" $api | merge (deepCopy (.Values.workers | default dict)) }}
{{- if and (ne (toString $c.enabled) "false") $c.egress }}
{{- $ctx := eq $key "api" | ternary (dict "root" $ "kind" "api") (dict "root" $ "kind" "worker" "key" $key) }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "service-lib.componentName" $ctx }}-egress
  labels:
    {{- include "service-lib.labels" $ctx | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "service-lib.selectorLabels" $ctx | nindent 6 }}
  policyTypes: [Egress]
  egress:
    {{- include "service-lib.egressRules" (dict "root" $ "entries" $c.egress "where" (printf "%s.egress" (eq $key "api" | ternary "api" (printf "workers.%s" $key)))) | nindent 4 }}
{{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
The destinations an egress entry may name (global.networkPolicy.egressPeers replaces one whole):
in-namespace pods for the stores (the dev release's; point them at your own with ipBlock or
selectors), kube-dns, the OpenTelemetry collector's namespace, and the public internet (every
address outside the private, loopback, link-local and shared ranges: the cluster, its nodes and
the cloud's metadata service stay out) on the ports of HTTPS, SMTP or the XRP Ledger.
*/}}
{{- define "service-lib.egressPeers" -}}
{{- $private4 := list "0.0.0.0/8" "10.0.0.0/8" "100.64.0.0/10" "127.0.0.0/8" "169.254.0.0/16" "172.16.0.0/12" "192.168.0.0/16" -}}
{{- $private6 := list "::1/128" "::ffff:0:0/96" "fc00::/7" "fe80::/10" -}}
{{- $public := list (dict "ipBlock" (dict "cidr" "0.0.0.0/0" "except" $private4)) (dict "ipBlock" (dict "cidr" "::/0" "except" $private6)) -}}
{{- $tcp := dict "protocol" "TCP" -}}
{{- $pods := dict "postgres" 5432 "redis" 6379 "kafka" 9092 -}}
{{- $defaults := dict
  "dns" (dict "to" (list (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" "kube-system")) "podSelector" (dict "matchLabels" (dict "k8s-app" "kube-dns")))) "ports" (list (dict "port" 53 "protocol" "UDP") (dict "port" 53 "protocol" "TCP")))
  "otel" (dict "to" (list (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" "observability")))) "ports" (list (dict "port" 4317 "protocol" "TCP") (dict "port" 4318 "protocol" "TCP")))
  "publicHttps" (dict "to" $public "ports" (list (dict "port" 443 "protocol" "TCP")))
  "publicAny" (dict "to" $public)
  "smtp" (dict "to" $public "ports" (list (dict "port" 25 "protocol" "TCP") (dict "port" 465 "protocol" "TCP") (dict "port" 587 "protocol" "TCP")))
  "xrpl" (dict "to" $public "ports" (list (dict "port" 443 "protocol" "TCP") (dict "port" 51233 "protocol" "TCP")))
-}}
{{- range $name, $port := $pods }}
{{- $_ := set $defaults $name (dict "to" (list (dict "podSelector" (dict "matchLabels" (dict "app.kubernetes.io/name" $name)))) "ports" (list (dict "port" $port "protocol" "TCP"))) }}
{{- end }}
{{- $g := include "service-lib.globals" . | fromYaml -}}
{{- range $name, $rule := $g.networkPolicy.egressPeers | default dict }}
{{- $_ := set $defaults $name $rule }}
{{- end }}
{{- toYaml $defaults -}}
{{- end -}}

{{/* The egress rules of a list of entries (names of service-lib.egressPeers, or rules). */}}
{{- define "service-lib.egressRules" -}}
{{- $peers := include "service-lib.egressPeers" .root | fromYaml -}}
{{- $where := .where -}}
{{- range .entries }}
{{- $rule := kindIs "string" . | ternary (get $peers (toString .)) . }}
{{- list (required (printf "%s: %v is no egress peer (global.networkPolicy.egressPeers) nor a rule" $where .) $rule) | toYaml }}
{{ end }}
{{- end -}}
