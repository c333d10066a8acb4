#!/usr/bin/env bash
# Lints Sources, Tests and the partner example package with the toolchain's swift-format against .swift-format; any finding fails.
# To fix formatting findings: swift format format --in-place --recursive Sources Tests Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."

swift format lint --strict --recursive --parallel Package.swift Sources Tests \
    Examples/PartnerApp/Package.swift Examples/PartnerApp/Sources Examples/PartnerApp/Tests
echo "soundness: swift format lint found nothing"
