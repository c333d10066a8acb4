#!/usr/bin/env bash
# Keeps the HTTP method out of every decision about sending twice. Whether a request may be replayed after a new
# token, retried after an unknown outcome, may have taken effect when its answer is lost or unreadable, or may
# share a connection the platform resends on, is read from the request's one `JanuaryReplayClass`, stated where
# the request is made (Docs/Architecture.md, "Where each decision is made"). The method frames a request and
# decides nothing else.
#
# In the shipped modules (the layers, the scanner and the partners' test support; not the simulator, which routes
# by method as January does), it fails on:
#   - any use of `isIdempotent`, the method's RFC 9110 property, outside its own declaration;
#   - a comparison with a method or a switch on one (`method == .post`, `!= .get`, `switch request.method`),
#     outside the few lines below that frame a message, each with its reason;
#   - a policy flag on the wire request (`allowsReplay`).
# A grep over a few hundred files: well under a second.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(
    Sources/JanuaryCore Sources/JanuaryAuth Sources/JanuaryTransport Sources/JanuaryPartnerSDK
    Sources/JanuaryPartnerSDKUI Sources/JanuaryPartnerSDKHealth Sources/JanuaryPartnerSDKTesting
)

# file:text of the lines that may look at the method, and why. Each must still be found, so that the list
# shrinks with the code instead of excusing lines that are gone.
allowed=(
    # Framing: GET and HEAD carry no body on every platform.
    "Sources/JanuaryTransport/Messages/JanuaryHTTPMethod.swift:self != .get && self != .head"
    # The declaration of RFC 9110's property itself.
    "Sources/JanuaryTransport/Messages/JanuaryHTTPMethod.swift:public var isIdempotent: Bool {"
    # Framing: a HEAD answer has no content, as the loopback server's answer over a socket.
    "Sources/JanuaryPartnerSDKTesting/SimulatorTransport.swift:request.method != .head"
)

methods='get|head|post|put|patch|delete|options'
pattern="isIdempotent|allowsReplay|[Mm]ethod *[!=]= *\\.|[!=]= *\\.($methods)\\b|\\.($methods) *[!=]=|switch [^{]*[Mm]ethod"

failed=0
hits=$(grep -rnE --include='*.swift' "$pattern" "${modules[@]}" | grep -vE '^[^:]+:[0-9]+: *///?' || true)
while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    file=${hit%%:*}
    text=${hit#*:*:}
    excused=0
    for entry in "${allowed[@]}"; do
        if [ "$file" = "${entry%%:*}" ] && [[ "$text" == *"${entry#*:}"* ]]; then
            excused=1
        fi
    done
    if [ "$excused" = 0 ]; then
        echo "error: $hit" >&2
        echo "  decides by the HTTP method; read the request's JanuaryReplayClass instead" >&2
        failed=1
    fi
done <<<"$hits"

for entry in "${allowed[@]}"; do
    if ! grep -qF -- "${entry#*:}" "${entry%%:*}" 2>/dev/null; then
        echo "error: Scripts/method-decides-nothing.sh excuses a line that is gone: $entry" >&2
        failed=1
    fi
done

if [ "$failed" = 0 ]; then
    echo "method-decides-nothing: no decision reads the HTTP method"
fi
exit "$failed"
