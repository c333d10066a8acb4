#!/usr/bin/env bash
# Checks the layer rule: every target, and every `import` in Sources/ and Tests/, reaches only the modules its
# layer may use. The libraries stack JanuaryCore <- JanuaryAuth, JanuaryTransport <- JanuaryPartnerSDK; test
# support is layered the same way, and each library's tests build only that library, the layers below it and
# test support of those layers; no product builds a `…TestSupport` target, which holds our own tests' harnesses.
# A reach upward or sideways fails, with the target or file:line that makes it.
# The target graph comes from `swift package dump-package`, so a dependency pulled in through another target
# (such as Auth tests depending on support that depends on the SDK) is caught too.
set -euo pipefail
cd "$(dirname "$0")/.."

# What each target may use: its whole dependency closure must stay inside this list. A target missing here fails,
# so that a new target gets a layer when it is added.
declare -A allowed=(
    [JanuaryCore]=""
    [JanuaryAuth]="JanuaryCore"
    [JanuaryTransport]="JanuaryCore"
    [JanuaryPartnerSDK]="JanuaryCore JanuaryAuth JanuaryTransport"
    # The scanner sits on the facade alone.
    [JanuaryPartnerSDKUI]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK"
    # Apple Health sits on the facade alone, beside the scanner.
    [JanuaryPartnerSDKHealth]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK"
    # Beside the layers: the loopback server and simulator never import the SDK (nor Auth or Transport).
    [JanuaryTestServer]="JanuaryCore"

    [JanuaryCoreTesting]="JanuaryCore"
    # The suite time limit every test target shares: Testing only, nothing of ours.
    [JanuaryTestTraits]=""
    [JanuaryAuthTesting]="JanuaryCore JanuaryAuth JanuaryCoreTesting"
    # What only our own tests use sits beside each level's partner-facing test support, never inside a product.
    [JanuaryAuthTestSupport]="JanuaryCore JanuaryAuth JanuaryCoreTesting JanuaryAuthTesting"
    [JanuaryPartnerSDKTesting]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryCoreTesting
        JanuaryAuthTesting JanuaryTestServer"
    [JanuaryPartnerSDKTestSupport]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryCoreTesting
        JanuaryAuthTesting JanuaryAuthTestSupport JanuaryPartnerSDKTesting JanuaryTestServer"
    [JanuaryExample]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKTesting
        JanuaryAuthTesting JanuaryCoreTesting JanuaryTestServer"
    # The crash tests' child process: the SDK and its test support, our own too (the crash script); not a product.
    [JanuaryCrashChild]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKTesting
        JanuaryAuthTesting JanuaryCoreTesting JanuaryTestServer JanuaryAuthTestSupport JanuaryPartnerSDKTestSupport"
    [JanuaryBenchmarks]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryCoreTesting
        JanuaryAuthTesting JanuaryPartnerSDKTesting JanuaryTestServer"

    [JanuaryCoreTests]="JanuaryCore JanuaryCoreTesting JanuaryTestTraits"
    [JanuaryAuthTests]="JanuaryCore JanuaryAuth JanuaryCoreTesting JanuaryAuthTesting JanuaryAuthTestSupport
        JanuaryTestTraits"
    [JanuaryAuthTestingTests]="JanuaryCore JanuaryAuth JanuaryCoreTesting JanuaryAuthTesting JanuaryTestTraits"
    # Transport's network behaviour is tested through URLSession against the loopback server, which sits beside.
    [JanuaryTransportTests]="JanuaryCore JanuaryTransport JanuaryCoreTesting JanuaryTestServer JanuaryTestTraits"
    [JanuaryTestServerTests]="JanuaryCore JanuaryTestServer JanuaryCoreTesting JanuaryTestTraits"
    # The scanner's work is tested against the simulator in process, through the facade's test support.
    [JanuaryPartnerSDKUITests]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKUI
        JanuaryCoreTesting JanuaryAuthTesting JanuaryPartnerSDKTesting JanuaryTestServer JanuaryTestTraits"
    # Health's mirror and history are tested with a recorded fake of the store, its predictions against the simulator.
    [JanuaryPartnerSDKHealthTests]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKHealth
        JanuaryCoreTesting JanuaryAuthTesting JanuaryPartnerSDKTesting JanuaryTestServer JanuaryTestTraits"
    [JanuaryPartnerSDKTests]="JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryCoreTesting
        JanuaryAuthTesting JanuaryAuthTestSupport JanuaryPartnerSDKTesting JanuaryPartnerSDKTestSupport
        JanuaryTestServer JanuaryTestTraits"
)

contains() {
    local word
    for word in $1; do
        if [ "$word" = "$2" ]; then
            return 0
        fi
    done
    return 1
}

manifest=$(swift package dump-package)
# One line per target: its name, its type, then its direct dependencies on other targets of the package (with a
# "-" first, so that a target without any still has a third field: `read` merges empty tab-separated fields).
graph=$(jq -r '.targets[] | [.name, .type, (["-"] + [.dependencies[] | to_entries[0].value[0]] | join(" "))]
    | @tsv' <<<"$manifest")
targets=$(cut -f1 <<<"$graph")

declare -A direct
declare -A kind
while IFS=$'\t' read -r name type dependencies; do
    direct[$name]="${dependencies#-}"
    kind[$name]="$type"
done <<<"$graph"

failures=0
fail() {
    echo "layers: $1" >&2
    failures=$((failures + 1))
}

# The dependency closure of a target, through the declared graph.
closure() {
    local seen="" queue="${direct[$1]}" next
    while [ -n "${queue// /}" ]; do
        next=""
        for name in $queue; do
            if ! contains "$seen" "$name"; then
                seen="$seen $name"
                next="$next ${direct[$name]:-}"
            fi
        done
        queue="$next"
    done
    echo "$seen"
}

for target in $targets; do
    if [ -z "${allowed[$target]+set}" ]; then
        fail "Package.swift: target $target has no layer; add it to the table in Scripts/layers.sh"
        continue
    fi
    for dependency in $(closure "$target"); do
        if ! contains "${allowed[$target]}" "$dependency"; then
            how="directly"
            if ! contains "${direct[$target]}" "$dependency"; then
                how="through another target"
            fi
            fail "Package.swift: $target depends on $dependency ($how), outside its layer"
        fi
    done
done

# Our own test harnesses never reach a partner: no product's targets include a `…TestSupport` target, directly or
# through another.
for product_target in $(jq -r '.products[].targets[]' <<<"$manifest" | sort -u); do
    for dependency in $product_target $(closure "$product_target"); do
        if [[ "$dependency" == *TestSupport ]]; then
            fail "Package.swift: a product builds $dependency (through $product_target), which is for our own tests only"
        fi
    done
done

# Every `import` of one of the package's own modules, in every Swift file of a target's folder.
for target in $targets; do
    if [ "${kind[$target]}" = test ]; then
        folder="Tests/$target"
    else
        folder="Sources/$target"
    fi
    [ -d "$folder" ] || continue
    while IFS=: read -r file line text; do
        module=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\6/' <<<"$text")
        if contains "$targets" "$module" && ! contains "${allowed[$target]:-}" "$module"; then
            fail "$file:$line: $target imports $module, outside its layer"
        fi
    done < <(grep -rnE --include='*.swift' \
        '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]' \
        "$folder" || true)
done

if [ "$failures" -gt 0 ]; then
    echo "layers: $failures reach(es) outside the layer rule" >&2
    exit 1
fi
echo "layers: $(wc -w <<<"$targets") targets and their imports keep to their layers"
