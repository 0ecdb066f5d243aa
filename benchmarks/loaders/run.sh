#!/usr/bin/env bash
# Generates 100,000 JSON records and 100,000 CSV rows in a temporary folder and times loading
# them with a release build of herald-bench-loaders. Usage: benchmarks/loaders/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product herald-bench-loaders >&2
bench="$(swift build -c release --show-bin-path)/herald-bench-loaders"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

awk 'BEGIN {
    print "["
    for (i = 1; i <= 100000; i++) {
        printf "  {\"id\": %d, \"title\": \"Task number %d with \\\"quotes\\\" and caf\\u00e9\", \"completed\": %s, \"priority\": %d, \"score\": %d.5, \"tags\": [\"t%d\", \"x\"], \"owner\": {\"name\": \"User %d\", \"email\": null}}%s\n", i, i, (i % 3 ? "false" : "true"), i % 5, i, i % 7, i % 10, (i < 100000 ? "," : "")
    }
    print "]"
}' > "$work/records.json"

awk 'BEGIN {
    print "id,title,status,priority,due,notes"
    for (i = 1; i <= 100000; i++) {
        printf "%d,Task number %d,%s,%d,2026-%02d-%02d,\"Notes, with a comma and \"\"quotes\"\"\"\n", i, i, (i % 3 ? "todo" : "done"), i % 5, i % 12 + 1, i % 28 + 1
    }
}' > "$work/records.csv"

ls -l "$work" >&2
cd "$work"
"$bench" records.json records.csv
