window.heraldHeroIndex = [
{{- $pages := .Pages -}}{{- $last := sub (len $pages) 1 -}}
{{- range $i, $p := $pages }}
{"name": {{ $p.Params.name | jsonify }}, "href": {{ $p.RelPermalink | jsonify }}, "summary": {{ delimit (slice $p.Params.publisher $p.Params.alignment) " · " | jsonify }}, "text": {{ delimit ((slice $p.Params.name $p.Params.full_name $p.Params.publisher $p.Params.alignment) | append ($p.Params.hero_aliases | default slice) | append ($p.Params.tags | default slice)) " " | jsonify }}}{{ if ne $i $last }},{{ end }}
{{- end }}
];
