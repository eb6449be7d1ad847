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
