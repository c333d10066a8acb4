#!/usr/bin/env bash
# Fails when Sources/, Tests/ or the partner example use a construct that compiles on Linux but not for the
# package's Apple minimums (iOS 15, macOS 12, tvOS 15, watchOS 8) in Swift 6 mode, or that misbehaves there.
# Linux Foundation ignores Apple availability, so the Linux build cannot catch these; this list does.
#
# Each rule: a name, the files it applies to, an extended regular expression, and the reason with the minimum
# it needs and what to write instead. Lines that are only comments are skipped. A line may be exempted by a
# comment `portability-ok: <why>` on it or on the line above; say why the construct is safe there.
# Docs/Platforms.md explains each rule with the Apple declaration behind it.
#
# Maintaining the list: add a rule when a review or an Apple build finds a new trap; keep the reason precise.
set -euo pipefail
cd "$(dirname "$0")/.."

roots=(Sources Tests Examples/PartnerApp/Sources Examples/PartnerApp/Tests)
hits=$(mktemp)
trap 'rm -f "$hits"' EXIT

# Prints file:line: text for every line of the given files matching the pattern, skipping comment-only lines
# and exempted ones.
scan() {
    local rule=$1 pattern=$2
    shift 2
    [ "$#" -gt 0 ] || return 0
    awk -v rule="$rule" -v pattern="$pattern" '
        FNR == 1 { previous = "" }
        {
            line = $0
            code = line
            sub(/^[ \t]+/, "", code)
            if (code !~ /^\/\// && line ~ pattern && line !~ /portability-ok:/ && previous !~ /portability-ok:/) {
                printf "%s:%d: [%s] %s\n", FILENAME, FNR, rule, code
            }
            previous = line
        }
    ' "$@"
}

# Swift files under the given roots (the roots that exist).
swift_files() {
    local existing=()
    for root in "$@"; do
        [ -d "$root" ] && existing+=("$root")
    done
    [ "${#existing[@]}" -gt 0 ] || return 0
    find "${existing[@]}" -name '*.swift' -not -path '*/.build/*' -not -path '*/Vendor/*' | sort
}

mapfile -t all_files < <(swift_files "${roots[@]}")
mapfile -t source_files < <(swift_files Sources Examples/PartnerApp/Sources)
mapfile -t non_helper_files < <(printf '%s\n' "${all_files[@]}" | grep -v '/SuiteTimeLimit\.swift$')

declare -A reasons
rule() {
    local name=$1 reason=$2 pattern=$3
    shift 3
    reasons[$name]=$reason
    scan "$name" "$pattern" "$@" >>"$hits"
}

coders='(JSONEncoder|JSONDecoder|PropertyListEncoder|PropertyListDecoder|DateFormatter|ISO8601DateFormatter|NumberFormatter|DateComponentsFormatter|MeasurementFormatter)'

# A coder declared at file scope or directly in a type (a global, static or stored property), found by tracking
# which braces belong to type declarations; a local inside a function or closure is made per use and fine.
reasons[shared-coder]="JSONEncoder/JSONDecoder and the Formatter classes are Sendable only from iOS 16 / macOS 13 / tvOS 16 / watchOS 9 (not at all for the formatters): a static, global or stored one is shared across concurrency domains, an error in Swift 6 for the package's minimums. Make one per use (JanuaryJSON.encode / makeDecoder in the SDK)."
for file in "${all_files[@]}"; do
    awk -v coders="$coders" '
        BEGIN { declaration = "(^|[^A-Za-z0-9_])(let|var)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*(:[ \t]*" coders "([^A-Za-z0-9_]|$)|=[ \t]*" coders "\\()" }
        {
            line = $0
            code = line
            sub(/^[ \t]+/, "", code)
            comment = code ~ /^\/\//
            if (!comment && line ~ declaration && line !~ /portability-ok:/ && previous !~ /portability-ok:/ \
                && (depth == 0 || kind[depth] == "type")) {
                printf "%s:%d: [shared-coder] %s\n", FILENAME, FNR, code
            }
            previous = line
            if (comment) next
            opens = gsub(/\{/, "{", line)
            closes = gsub(/\}/, "}", line)
            isType = line ~ /(^|[^A-Za-z0-9_])(struct|class|enum|actor|extension|protocol)[ \t]+[A-Za-z_]/
            for (i = 0; i < opens; i++) { depth++; kind[depth] = (isType && i == 0) ? "type" : "code" }
            for (i = 0; i < closes; i++) { if (depth > 0) depth-- }
        }
    ' "$file" >>"$hits"
done

rule synchronization \
    "Mutex and Atomic (module Synchronization) need iOS 18 / macOS 15 / tvOS 18 / watchOS 11. Use JanuaryCore's Locked (os_unfair_lock / pthread mutex)." \
    '(^|[^A-Za-z0-9_.])(Mutex|Atomic)[ \t]*[<(]|import[ \t]+Synchronization' \
    "${all_files[@]}"

rule clock-api \
    "ContinuousClock, SuspendingClock, Duration and Task.sleep(for:) need iOS 16 / macOS 13 / tvOS 16 / watchOS 9. In library code use JanuaryClock and Task.sleep(nanoseconds:)." \
    '(^|[^A-Za-z0-9_.])(ContinuousClock|SuspendingClock|Duration)([^A-Za-z0-9_]|$)|Task\.sleep\((for|until):' \
    "${source_files[@]}"

rule time-limit \
    "swift-testing declares .timeLimit(_:) and TimeLimitTrait @available(_clockAPI, *): macOS 13 / iOS 16 / tvOS 16 / watchOS 9. Write suiteTimeLimit() instead, e.g. @Suite(\"…\", suiteTimeLimit()) or suiteTimeLimit(minutes: 5), from JanuaryTestTraits (Sources/JanuaryTestTraits/SuiteTimeLimit.swift)." \
    '\.timeLimit\(|TimeLimitTrait' \
    "${non_helper_files[@]}"

rule url-session-bytes \
    "URLSession.bytes(for:/from:) and AsyncBytes are missing from swift-corelibs-foundation (Linux) and need iOS 15 / macOS 12 on Apple platforms: the transport reads bodies through its delegate instead." \
    '\.bytes\((for|from):|URLSession\.AsyncBytes' \
    "${all_files[@]}"

rule int-of-time-interval \
    "Int is 32 bits on watchOS (arm64_32): seconds since 1970 overflow it in 2038, and Int(_:) of a Double out of range traps. Do time arithmetic in Int64 (JanuaryCore's CivilCalendar) and clamp before converting." \
    '(^|[^A-Za-z0-9_])Int\([^\n]*timeInterval(Since1970|SinceNow|SinceReferenceDate|Since\()|(^|[^A-Za-z0-9_])Int\(\(?[A-Za-z_.]*([sS]econds|[iI]nterval|[tT]imeout|[dD]elay|[lL]ifetime|[eE]lapsed|[uU]ptime|retryAfter)[A-Za-z0-9_]*[^\n]*\.rounded' \
    "${all_files[@]}"

rule epoch-seconds-in-int \
    "Seconds since 1970 multiplied out in Int and converted afterwards overflow a 32-bit Int (watchOS arm64_32) from 2038 on, and trap for a hostile year such as 9999. Compute in Int64 (CivilCalendar.secondsSince1970) or convert each factor first." \
    '(TimeInterval|Double)\([^)]*\*[ \t]*86_?400' \
    "${all_files[@]}"

# clock_gettime(CLOCK_BOOTTIME…) exists only on Linux; outside an `#if os(Linux)` / `canImport(Glibc)` branch (or
# the `#else` of a Darwin check) it does not compile for Apple platforms, which have CLOCK_MONOTONIC (iOS 10+).
reasons[boottime]="CLOCK_BOOTTIME is Linux-only; Apple platforms have CLOCK_MONOTONIC (iOS 10 / macOS 10.12). Keep it inside #if os(Linux) or canImport(Glibc), or the #else of a canImport(Darwin) check."
for file in "${all_files[@]}"; do
    awk '
        function linuxish(cond) { return cond ~ /os\(Linux\)|os\(Android\)|canImport\((Glibc|Musl|Bionic|FoundationNetworking)\)|!canImport\(Darwin\)/ }
        function darwinish(cond) { return cond ~ /canImport\(Darwin\)|os\((macOS|iOS|tvOS|watchOS|visionOS)\)/ && cond !~ /!canImport\(Darwin\)/ }
        /^[ \t]*#if[ \t]/ { depth++; darwin[depth] = darwinish($0); linux[depth] = linuxish($0); next }
        /^[ \t]*#elseif[ \t]/ { linux[depth] = linuxish($0); darwin[depth] = darwinish($0) || darwin[depth]; next }
        /^[ \t]*#else/ { linux[depth] = darwin[depth]; next }
        /^[ \t]*#endif/ { depth--; next }
        /CLOCK_BOOTTIME/ && $0 !~ /^[ \t]*\/\// && $0 !~ /portability-ok:/ {
            inside = 0
            for (level = 1; level <= depth; level++) { if (linux[level]) inside = 1 }
            if (!inside) { line = $0; sub(/^[ \t]+/, "", line); printf "%s:%d: [boottime] %s\n", FILENAME, FNR, line }
        }
    ' "$file" >>"$hits"
done

# swift-testing declares exit tests (`#expect(processExitsWith:)`, `#require(processExitsWith:)`) unavailable on
# iOS, tvOS, watchOS and visionOS, where a test cannot start a child process; one outside a host-only condition
# keeps the whole test bundle from building there. The Apple SDK check cannot see test targets, so this rule does.
reasons[exit-test]="Exit tests exist only on macOS, Linux and Windows (swift-testing marks processExitsWith unavailable elsewhere). Put the test inside #if os(macOS) || os(Linux) || os(Windows), with the reason."
for file in "${all_files[@]}"; do
    awk '
        function hostOnly(cond) { return cond ~ /os\(macOS\)/ && cond !~ /os\((iOS|tvOS|watchOS|visionOS)\)/ && cond !~ /!os\(macOS\)/ }
        /^[ \t]*#if[ \t]/ { depth++; host[depth] = hostOnly($0); next }
        /^[ \t]*#elseif[ \t]/ { host[depth] = hostOnly($0); next }
        /^[ \t]*#else/ { host[depth] = 0; next }
        /^[ \t]*#endif/ { depth--; next }
        /processExitsWith/ && $0 !~ /^[ \t]*\/\// && $0 !~ /portability-ok:/ {
            inside = 0
            for (level = 1; level <= depth; level++) { if (host[level]) inside = 1 }
            if (!inside) { line = $0; sub(/^[ \t]+/, "", line); printf "%s:%d: [exit-test] %s\n", FILENAME, FNR, line }
        }
    ' "$file" >>"$hits"
done

if [ -s "$hits" ]; then
    echo "portability: constructs that do not compile (or misbehave) for iOS 15 / macOS 12 / tvOS 15 / watchOS 8:" >&2
    sort -t: -k1,1 -k2,2n -u "$hits" >&2
    echo >&2
    for name in $(sed -E 's/^[^[]*\[([a-z-]+)\].*/\1/' "$hits" | sort -u); do
        echo "[$name] ${reasons[$name]}" >&2
    done
    echo "portability: $(wc -l <"$hits" | tr -d ' ') finding(s); see Docs/Platforms.md" >&2
    exit 1
fi
echo "portability: no known Apple-availability trap in Sources, Tests or Examples/PartnerApp"
