#!/usr/bin/env bash
# Lints Sources and Tests with the toolchain's swift-format against .swift-format; any finding fails.
# To fix formatting findings: swift format format --in-place --recursive Sources Tests Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."

swift format lint --strict --recursive --parallel Package.swift Sources Tests
echo "soundness: swift format lint found nothing"
