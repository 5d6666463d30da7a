#!/usr/bin/env bash
# Smoke test of `describe --format svg`: the start position and piece
# diagrams of every shipped variant, plus a file with hoppers and a lame
# leaper, are opened in headless Chromium and screenshotted; every picture
# be well-formed SVG and render (a PNG of real content, not a blank page).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=target/ci/tetrarch
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/hop.ini" <<'INI'
[hop:chess]
customPiece1 = a:pQ
customPiece2 = c:mRcpR
customPiece3 = h:nN
customPiece4 = g:gQ
startFen = 4k3/8/8/8/8/8/8/ACHGK3 w - - 0 1
castling = false
INI
for variant in chess tetrarchy tetrion-prime 4pc-ffa cuatro-equipos; do
  "$bin" describe "$variant" --format svg --out "$out/svg" >/dev/null
done
"$bin" describe hop --variants "$out/hop.ini" --format svg --out "$out/svg" >/dev/null
# Every SVG must be well-formed XML (Chromium would draw an error page).
python3 - "$out"/svg/*.svg <<'PY'
import sys
import xml.etree.ElementTree as ET
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", path
PY
shots=0
for svg in "$out"/svg/*-start.svg "$out"/svg/chess-pawn.svg "$out"/svg/hop-*.svg; do
  png="${svg%.svg}.png"
  timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=640,700 --screenshot="$png" "file://$svg" >/dev/null 2>&1 || true
  if [ ! -s "$png" ]; then
    echo "svg-chromium: $svg was not rendered" >&2
    exit 1
  fi
  # A blank 640×700 page compresses to about 2 KB; a board is far larger.
  size=$(stat -c %s "$png")
  if [ "$size" -lt 8000 ]; then
    echo "svg-chromium: $svg rendered as a near-blank picture ($size bytes)" >&2
    exit 1
  fi
  shots=$((shots + 1))
done
echo "svg-chromium: ok ($shots pictures rendered)"
