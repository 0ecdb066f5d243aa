#!/usr/bin/env bash
# Builds the libFuzzer harness and runs every target (or those named) for FUZZ_SECONDS each.
# SwiftPM builds the Herald modules instrumented for the fuzzer into .build-fuzz; the harness is
# linked by swiftc itself, because SwiftPM links executables with `--defsym main=<module>_main`,
# a symbol that a libFuzzer binary (whose main is libFuzzer's) never has.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(mustache-parse mustache-render front-matter json yaml csv todo-txt checklist config task-edit task-ids paging decoded-heroes)
SCRATCH=.build-fuzz
FLAGS=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

for module in HeraldLoaders HeraldMustache HeraldConfig HeraldEditor; do
    swift build --scratch-path "$SCRATCH" "${FLAGS[@]}" --target "$module"
done
BUILD="$SCRATCH/debug"
objects=()
for module in HeraldCore HeraldModels HeraldMarkdown HeraldMustache HeraldConfig HeraldLoaders HeraldEditor Yams CYaml GRDB; do
    while IFS= read -r object; do objects+=("$object"); done < <(find "$BUILD/$module.build" -name '*.o' | sort)
done
# The linker warns about every sanitizer symbol it cannot export; its output is kept for a failure.
if ! swiftc -parse-as-library -sanitize=fuzzer,address -g -I "$BUILD/Modules" \
        -I Sources/CCmark -I "$SCRATCH/checkouts/Yams/Sources/CYaml/include" \
        -I "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" \
        fuzz/FuzzTarget.swift fuzz/TaskIDFuzzing.swift fuzz/Entry.swift "${objects[@]}" -lcmark -lsqlite3 -o "$SCRATCH/herald-fuzz" \
        >"$SCRATCH/link.log" 2>&1; then
    grep -v "Cannot export local symbol" "$SCRATCH/link.log"
    exit 1
fi

# Seeds: the small hand-made inputs in fuzz/corpus/TARGET, and the repository's own data and
# templates of the target's kind. What the fuzzer adds goes to $SCRATCH, not into the repository.
seed() {
    case "$1" in
        mustache-*) ls Sources/HeraldSite/Theme/*.mustache ;;
        front-matter) ls Content/heroes/*.md Content/pages/*.md | head -20 ;;
        json) ls Tests/HeraldTestSupport/Fixtures/heroes-superhero-api/id/*.json Tests/HeraldTestSupport/Fixtures/todos-jsonplaceholder/todos.json ;;
        yaml) ls Content/tasks.yml Content/data/*.yml 2>/dev/null ;;
        csv) ls Tests/HeraldTestSupport/Fixtures/heroes-overwatch/heroes.csv ;;
        todo-txt) ls Tests/HeraldTestSupport/Fixtures/tasks-todotxt/*.txt ;;
        checklist) ls Tests/HeraldTestSupport/Fixtures/tasks-markdown-checklist/*.md ;;
        task-ids) ls fuzz/corpus/task-edit/todo fuzz/corpus/task-edit/checklist ;;
        config) ls herald.yml ;;
    esac
}
status=0
for target in "${TARGETS[@]}"; do
    seeds="$SCRATCH/seeds/$target"
    found="$SCRATCH/corpus/$target"
    rm -rf "$seeds" && mkdir -p "$seeds" "$found" "$SCRATCH/findings"
    seed "$target" | while IFS= read -r file; do cp "$file" "$seeds/"; done
    echo "== fuzzing $target for ${SECONDS_EACH}s"
    if ! HERALD_FUZZ_TARGET="$target" "$SCRATCH/herald-fuzz" -max_total_time="$SECONDS_EACH" -timeout=30 \
            -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
            -artifact_prefix="$SCRATCH/findings/$target-" "$found" "$seeds" "fuzz/corpus/$target" 2>"$SCRATCH/$target.log"; then
        echo "!! $target: a finding; see $SCRATCH/$target.log and $SCRATCH/findings/"
        tail -40 "$SCRATCH/$target.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$SCRATCH/$target.log" | tail -1 || true
    fi
done
exit $status
