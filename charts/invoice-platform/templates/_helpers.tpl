{{- define "ip.name" -}}invoice-platform-{{ .name }}{{- end -}}

{{- define "ip.labels" -}}
app.kubernetes.io/name: {{ include "ip.name" . }}
app.kubernetes.io/part-of: invoice-platform
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "ip.selector" -}}
app.kubernetes.io/name: {{ include "ip.name" . }}
{{- end -}}

{{/* A component's settings over the chart defaults. */}}
{{- define "ip.component" -}}
{{- $c := mergeOverwrite (deepCopy .root.Values.defaults) .component -}}
{{- toYaml $c -}}
{{- end -}}
