{{- define "ip.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* "<release>-invoice-platform" (the release name alone when it already says it): the prefix of
every resource name and peer address, so two releases never collide. */}}
{{- define "ip.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 52 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* A component's resource name, Service name and peer host: dict "root" $ "name" <component>. */}}
{{- define "ip.componentName" -}}
{{- printf "%s-%s" (include "ip.fullname" .root) .name -}}
{{- end -}}

{{- define "ip.instanceSelector" -}}
app.kubernetes.io/name: {{ include "ip.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "ip.selector" -}}
{{ include "ip.instanceSelector" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "ip.labels" -}}
{{ include "ip.selector" . }}
app.kubernetes.io/part-of: invoice-platform
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* A component's settings over the chart defaults. */}}
{{- define "ip.component" -}}
{{- $c := mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy .component) -}}
{{- toYaml $c -}}
{{- end -}}

{{/* The existing Secret of one kind: dict "root" $ "key" <secrets key> "suffix" <default suffix>. */}}
{{- define "ip.secretName" -}}
{{- $name := get .root.Values.secrets .key -}}
{{- if $name -}}{{ $name }}{{- else -}}{{ printf "%s-%s" (include "ip.fullname" .root) .suffix }}{{- end -}}
{{- end -}}

{{- define "ip.image" -}}
{{- $img := get .root.Values.image .image -}}
image: "{{ $img.repository }}:{{ $img.tag }}"
imagePullPolicy: {{ $img.pullPolicy }}
{{- end -}}

{{/* MONGODB_URI of one service: its own MongoDB user (mongodb.users.<name>), a Secret no other
service's pod references. dict "root" $ "name" <component>; an env list entry. */}}
{{- define "ip.mongodbUri" -}}
{{- $user := get .root.Values.mongodb.users .name -}}
{{- if not $user -}}
{{- fail (printf "components.%s has a database but mongodb.users has no %s: each service connects as a MongoDB user of its own (docs/operations.md#mongodb-users)" .name .name) -}}
{{- end -}}
- name: MONGODB_URI
  valueFrom:
    secretKeyRef: { name: {{ default (printf "%s-mongodb-%s" (include "ip.fullname" .root) .name) $user.existingSecret }}, key: {{ default "MONGODB_URI" $user.key | quote }} }
{{- end -}}

{{/* The credentials of one component, each by name from the one Secret holding it, and only those
its values call for (values.yaml, above `components`): dict "root" $ "name" <component> "c"
<merged component>. An env list, empty for none. */}}
{{- define "ip.secretEnv" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- if ne (not $c.database) (not (has "mongodb" $c.dependencies)) -}}
{{- fail (printf "components.%s: `database` and mongodb in `dependencies` go together (its MongoDB user reaches its database only)" .name) -}}
{{- end -}}
{{- if $c.database }}
{{ include "ip.mongodbUri" (dict "root" $root "name" .name) }}
{{- end }}
{{- if has "redis" $c.dependencies }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef: { name: {{ include "ip.secretName" (dict "root" $root "key" "redis" "suffix" "redis") }}, key: REDIS_URL }
{{- end }}
{{- if has "smtp" $c.dependencies }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef: { name: {{ include "ip.secretName" (dict "root" $root "key" "smtp" "suffix" "smtp") }}, key: SMTP_URL }
{{- end }}
{{- if $c.adminPort }}
{{- $admin := include "ip.secretName" (dict "root" $root "key" "adminToken" "suffix" "admin") }}
- name: ADMIN_TOKEN
  valueFrom:
    secretKeyRef: { name: {{ $admin }}, key: ADMIN_TOKEN }
# Present only during a rotation (docs/operations.md): the old token, still accepted.
- name: ADMIN_TOKEN_PREVIOUS
  valueFrom:
    secretKeyRef: { name: {{ $admin }}, key: ADMIN_TOKEN_PREVIOUS, optional: true }
{{- end }}
{{- if $c.keyRing }}
- name: {{ upper .name }}_SECRET_KEYS
  valueFrom:
    secretKeyRef: { name: {{ include "ip.secretName" (dict "root" $root "key" (printf "%sKeys" .name) "suffix" (printf "%s-keys" .name)) }}, key: {{ upper .name }}_SECRET_KEYS }
{{- end }}
{{- end -}}

{{/* Refuses a release in which a consumer group can run more replicas than its topic has
partitions: the replicas past that count would get no events (docs/scaling.md). A component's
`consumes` lists the topics its shared group reads; the gateway's workspace.v1 consumer has a group
per pod and is not counted. */}}
{{- define "ip.checkPartitions" -}}
{{- $root := . -}}
{{- range $topic := list "invoiceLifecycle" "workspace" "recurring" -}}
{{- $partitions := (get $root.Values.kafka.topics $topic).partitions | int -}}
{{- range $name, $raw := $root.Values.components -}}
{{- $c := fromYaml (include "ip.component" (dict "root" $root "component" $raw)) -}}
{{- if has $topic ($c.consumes | default list) -}}
{{- $max := ternary $c.autoscaling.maxReplicas $c.replicas $c.autoscaling.enabled | int -}}
{{- if gt $max $partitions -}}
{{- fail (printf "components.%s can run %d replicas in one consumer group of kafka.topics.%s, which has %d partitions: the replicas past %d would get no events. Raise kafka.topics.%s.partitions to %d or more (the setup Job adds them), or lower the component's replicas (docs/scaling.md)" $name $max $topic $partitions $partitions $topic $max) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
