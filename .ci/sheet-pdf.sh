#!/usr/bin/env bash
# Print one HTML rule sheet (examples/004, Chinese) to an A4 PDF with headless Chromium and check
# with pdftotext that the Chinese title and the prize table made it onto paper. Installs
# chromium, fonts-noto-cjk and poppler-utils with apt-get when they are missing (.ci/deps.sh).
#
# Usage: .ci/sheet-pdf.sh [OUT_DIR]   (default: target/sheet-pdf)
# Env:   XQREG=path/to/xqreg (default: build it with cargo)
#        SHEET_PNG=path       also write page 1 as PNG there (docs/sheet-page-1.png is made so)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/sheet-pdf}"
mkdir -p "$out"
# Chromium needs an absolute file:// URL and output path.
out="$(cd "$out" && pwd)"

bash "$root/.ci/deps.sh"

xqreg="${XQREG:-}"
if [ -z "$xqreg" ]; then
  (cd "$root" && cargo build -q -p xqreg --bin xqreg)
  xqreg="${CARGO_TARGET_DIR:-$root/target}/debug/xqreg"
fi

html="$out/004_zhouzhuang.zh.html"
pdf="$out/004_zhouzhuang.zh.pdf"
"$xqreg" sheet "$root/examples/004_zhouzhuang/regulation.xqr" --lang zh --format html -o "$html"

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --no-pdf-header-footer \
  --print-to-pdf="$pdf" "file://$html" >/dev/null 2>&1

text="$out/004_zhouzhuang.zh.txt"
pdftotext -layout "$pdf" "$text"

fail=0
check() {
  if grep -q -- "$1" "$text"; then
    echo "ok: $2"
  else
    echo "MISSING: $2 ($1)"
    fail=1
  fi
}
# pdftotext keeps the title on one line at A4 width; the quotes are typographic.
check "第四届“周庄杯”海峡两岸象棋大师赛竞赛规程" "Chinese title"
check "奖励办法" "prize article"
check "名次" "prize table header"
check "第九至十六名" "prize table row 9-16"
check "80,000元" "prize table: first prize"
check "204,000元" "prize table: total"
pages="$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/{print $2}')"
size="$(pdfinfo "$pdf" 2>/dev/null | awk -F': *' '/^Page size:/{print $2}')"
echo "pages: ${pages:-?}; page size: ${size:-?}"
case "$size" in
  *"(A4)"*) echo "ok: A4" ;;
  *) echo "NOT A4: $size"; fail=1 ;;
esac

if [ -n "${SHEET_PNG:-}" ]; then
  pdftoppm -png -r 80 -f 1 -l 1 -singlefile "$pdf" "${SHEET_PNG%.png}"
  echo "wrote $SHEET_PNG"
fi
exit "$fail"
