#!/usr/bin/env bash
# The HTML report as a browser sees it (headless Chromium, no network):
#   (a) the page loads without console messages or uncaught errors,
#   (b) every <img> decodes (naturalWidth > 0, checked by a probe script in
#       a copy of the page: the report itself has no script),
#   (c) a 1280x2400 screenshot is saved: OUT_DIR/report-screenshot.png, and
#       of the profile example's report OUT_DIR/report-profile-screenshot.png.
# Both checks are first run on pages known to be broken, so a probe that
# silently stopped working fails the test instead of passing it.
# Runs on the test fixture, on examples/seeds (the screenshot's run) and
# on examples/profile-h200 (an app's report) when they are committed. Exit 77 (skipped) when Chromium is not installed.
#
# usage: browser.sh MMPROF SOURCE_DIR OUT_DIR
set -u
mmprof=$1 src=$2 out=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "SKIP: chromium is not installed (Debian: apt-get install chromium)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# Headless Chromium with a throw-away profile; every host name resolves to
# nothing, so a page that reached for the network would log an error.
chrome() {
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --host-resolver-rules='MAP * ~NOTFOUND' --hide-scrollbars \
        --user-data-dir="$(mktemp -d -p "$work")" "$@"
}

# console_errors PAGE: prints the console lines and uncaught errors of PAGE.
console_errors() {
    chrome --enable-logging=stderr --v=0 --virtual-time-budget=5000 --dump-dom "file://$1" \
        2>"$work/console.log" >"$work/dom.html"
    grep -E ':CONSOLE|Uncaught' "$work/console.log"
    grep -q '</html>' "$work/dom.html" || echo "no DOM dumped for $1"
}

# image_counts PAGE: "IMAGES BROKEN" as the probe script counts them once the page has loaded.
image_counts() {
    local probe='<script>window.addEventListener("load",function(){var all=Array.from(document.images);'
    probe+='var bad=all.filter(function(i){return !i.complete||i.naturalWidth===0;});'
    probe+='document.body.setAttribute("data-images",all.length);'
    probe+='document.body.setAttribute("data-broken",bad.length);});</script></body>'
    sed "s#</body>#${probe}#" "$1" >"$work/probe.html"
    chrome --virtual-time-budget=5000 --dump-dom "file://$work/probe.html" 2>/dev/null |
        sed -n 's/.*data-images="\([0-9]*\)" data-broken="\([0-9]*\)".*/\1 \2/p'
}

check_page() { # check_page LABEL PAGE MIN_IMAGES
    local errors counts
    errors=$(console_errors "$2")
    [ -z "$errors" ] && echo "ok: $1 loads without console errors" || fail "$1: $errors"
    counts=$(image_counts "$2")
    read -r images broken <<<"${counts:-x x}"
    if [ "$images" = x ]; then
        fail "$1: the image probe did not report (page did not load?)"
    elif [ "$broken" != 0 ] || [ "$images" -lt "$3" ]; then
        fail "$1: $broken of $images images do not decode (want at least $3, none broken)"
    else
        echo "ok: $1: all $images images decode (at least $3 wanted)"
    fi
}

# The probes must be able to fail: a page with a script error and a corrupt image.
cat >"$work/broken.html" <<'HTML'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>broken</title></head><body>
<img src="data:image/png;base64,iVBORw0KGgoAAAAcorrupt" alt="corrupt">
<script>throw new Error("probe self-test");</script></body></html>
HTML
[ -n "$(console_errors "$work/broken.html")" ] && echo "ok: the console check sees errors" ||
    fail "the console check missed an uncaught error: Chromium's logging changed?"
[ "$(image_counts "$work/broken.html")" = "1 1" ] && echo "ok: the image probe sees a corrupt image" ||
    fail "the image probe missed a corrupt image"

report_of() { # report_of RUN_SRC NAME: a copy of the run with its report; prints the copy's path
    local run="$work/$2"
    mkdir -p "$run" && cp -r "$1"/. "$run"/
    if [ ! -d "$run/plots" ] && "$mmprof" plot --help >/dev/null 2>&1; then
        "$mmprof" plot "$run" >/dev/null 2>&1 || echo "note: mmprof plot failed on $2; the report says so" >&2
    fi
    "$mmprof" report "$run" >&2 || fail "mmprof report $2 exited $?"
    echo "$run"
}

# The fixture carries a PNG and an SVG chart: both must decode.
run=$(report_of "$src/tests/reports/fixtures/h200_subset" fixture)
check_page fixture "$run/report.html" 2
shot_run=$run
if [ -f "$src/examples/seeds/results.csv" ]; then
    run=$(report_of "$src/examples/seeds" example)
    check_page "examples/seeds" "$run/report.html" 0
    shot_run=$run
fi

profile_run=""
if [ -f "$src/examples/profile-h200/results.csv" ]; then
    profile_run=$(report_of "$src/examples/profile-h200" profile)
    check_page "examples/profile-h200" "$profile_run/report.html" 0
fi

# (c) the screenshots, and proof they are not empty pages: a blank page of the
# same size compresses to a small fraction (under 1/10) of a rendered report.
width=1280 height=2400 blank_ratio=10
chrome --window-size=$width,$height --screenshot="$work/blank.png" "about:blank" >/dev/null 2>&1
png_signature=89504e470d0a1a0a
screenshot() { # screenshot RUN FILE
    local shot="$out/$2" size
    rm -f "$shot"
    chrome --window-size=$width,$height --screenshot="$shot" "file://$1/report.html" >/dev/null 2>&1
    if [ ! -s "$shot" ] || [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" != $png_signature ]; then
        fail "no PNG screenshot at $shot"
        return
    fi
    # IHDR: width and height, big-endian 32-bit, at byte 16 of the file
    size=$(od -An -tu1 -j16 -N8 "$shot" |
        awk '{print ($1*2^24 + $2*2^16 + $3*2^8 + $4) "x" ($5*2^24 + $6*2^16 + $7*2^8 + $8)}')
    [ "$size" = "${width}x${height}" ] || fail "screenshot is $size, not ${width}x${height}"
    [ "$(stat -c %s "$shot")" -gt $((blank_ratio * $(stat -c %s "$work/blank.png"))) ] ||
        fail "screenshot $shot is hardly larger than a blank page: nothing rendered?"
    echo "ok: screenshot of the $(basename "$1") report: $shot ($size)"
}
screenshot "$shot_run" report-screenshot.png
[ -z "$profile_run" ] || screenshot "$profile_run" report-profile-screenshot.png
echo "$fails failed"
[ "$fails" = 0 ]
