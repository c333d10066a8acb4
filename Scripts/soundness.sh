#!/usr/bin/env bash
# Lints Sources, Tests and the partner example package with the toolchain's swift-format against .swift-format; any finding fails.
# To fix formatting findings: swift format format --in-place --recursive Sources Tests Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."

swift format lint --strict --recursive --parallel Package.swift Sources Tests \
    Examples/PartnerApp/Package.swift Examples/PartnerApp/Sources Examples/PartnerApp/Tests
echo "soundness: swift format lint found nothing"

# Every suite carries its target's hang guard, so that a test that never ends fails instead of holding CI until its
# own timeout; `suiteTimeLimit()` is the form that compiles for macOS 12 (see Docs/Platforms.md).
unguarded=$(grep -rn --include='*.swift' -A3 '@Suite' Tests Examples/PartnerApp/Tests |
    awk '/@Suite/ { if (pending) print pending; pending = $0; if ($0 ~ /suiteTimeLimit\(/) pending = ""; next }
         pending && /suiteTimeLimit\(/ { pending = "" }
         /struct |enum |final class |extension / { if (pending) print pending; pending = "" }
         END { if (pending) print pending }')
if [ -n "$unguarded" ]; then
    echo "soundness: suites without suiteTimeLimit():"
    echo "$unguarded"
    exit 1
fi
echo "soundness: every suite has its time limit"
