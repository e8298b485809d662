{{/* The dev cluster's password of one Redis user: derived from devSecret.redis.password and the user's name. */}}
{{- define "platform.redisPassword" -}}
{{- printf "%s:%s" (required "devSecret.redis.password is required" .root.Values.devSecret.redis.password) .user | sha256sum | trunc 40 -}}
{{- end -}}

{{/*
The ACL rules of one service's Redis user (after `user <name> on <password>`): its key patterns
(keys: read and write; readKeys: read only), its BullMQ queues (every key under
<QUEUE_PREFIX>:<queue>:), its pub/sub channels (<QUEUE_PREFIX>:<channel>), then the commands.
*/}}
{{- define "platform.redisRules" -}}
{{- $prefix := .root.Values.global.env.QUEUE_PREFIX | default "bull" -}}
{{- $rules := list "resetkeys" "resetchannels" -}}
{{- range .rules.keys }}{{ $rules = append $rules (printf "~%s" .) }}{{ end -}}
{{- range .rules.readKeys }}{{ $rules = append $rules (printf "%%R~%s" .) }}{{ end -}}
{{- range .rules.queues }}{{ $rules = append $rules (printf "~%s:%s:*" $prefix .) }}{{ end -}}
{{- range .rules.channels }}{{ $rules = append $rules (printf "&%s:%s" $prefix .) }}{{ end -}}
{{- $rules = append $rules (required "redisAcl.commands is required" .root.Values.redisAcl.commands) -}}
{{- join " " $rules -}}
{{- end -}}
