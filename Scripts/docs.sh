#!/usr/bin/env bash
# Builds the DocC documentation of the four library modules, Apple Health (JanuaryPartnerSDKHealth) and the two test
# products (JanuaryTestServer, JanuaryPartnerSDKTesting) from their symbol graphs with `docc convert`,
# failing on any warning (an undocumented parameter, a broken symbol link…). Output: .build/docs/<Module>.
# The partner guides in Docs/ become articles of the JanuaryPartnerSDK documentation.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKHealth JanuaryTestServer
    JanuaryPartnerSDKTesting)
work=.build/docs-work
out=.build/docs
rm -rf "$work" "$out"
mkdir -p "$work" "$out"

# Symbol graphs of every module, public symbols only, as partners see them.
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$work/dump.log" 2>&1 || {
    cat "$work/dump.log"
    exit 1
}
graphs=$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
    graphs=$(find .build -type d -name symbolgraph -path '*debug*' | head -n 1)
fi

for module in "${modules[@]}"; do
    mkdir -p "$work/$module/graphs" "$work/$module/$module.docc"
    cp "$graphs/$module".symbols.json "$work/$module/graphs/"
    cp "$graphs/$module"@*.symbols.json "$work/$module/graphs/" 2>/dev/null || true
    if [ -d "Sources/$module/$module.docc" ]; then
        cp -R "Sources/$module/$module.docc/." "$work/$module/$module.docc/"
    fi
    if [ "$module" = JanuaryPartnerSDK ]; then
        # Every partner guide becomes an article of the SDK's documentation.
        cp Docs/*.md "$work/$module/$module.docc/"
    fi
    # Lower layers are dependencies, so that a link such as ``JanuaryError`` in JanuaryAuth resolves.
    dependencies=()
    case "$module" in
        JanuaryAuth | JanuaryTransport) dependencies=(--dependency "$out/JanuaryCore") ;;
        JanuaryPartnerSDK | JanuaryPartnerSDKHealth)
            dependencies=(--dependency "$out/JanuaryCore" --dependency "$out/JanuaryAuth"
                --dependency "$out/JanuaryTransport")
            ;;
        JanuaryPartnerSDKTesting)
            dependencies=(--dependency "$out/JanuaryCore" --dependency "$out/JanuaryAuth"
                --dependency "$out/JanuaryTransport" --dependency "$out/JanuaryPartnerSDK"
                --dependency "$out/JanuaryTestServer")
            ;;
    esac
    docc convert "$work/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/$module/graphs" \
        --output-path "$out/$module" \
        --enable-experimental-external-link-support \
        "${dependencies[@]}" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "ai.january.$module" \
        --warnings-as-errors \
        --transform-for-static-hosting \
        --hosting-base-path "$module"
    echo "docs: $module -> $out/$module"
done
