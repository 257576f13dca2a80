#!/usr/bin/env bash
# Print one rule sheet (examples/004, Chinese) as an A4 PDF with `xqreg sheet --format pdf` (no
# browser: xqreg typesets and embeds the font itself) and check with pdftotext that the Chinese
# title, the prize table and the page numbers made it onto paper, and with pdffonts that no font
# is Type 3. Installs fonts-noto-cjk and poppler-utils with apt-get when they are missing.
#
# Usage: .ci/sheet-pdf.sh [OUT_DIR]   (default: target/sheet-pdf)
#        .ci/sheet-pdf.sh --deps      only install the font and poppler-utils (the test suite's
#                                     PDF tests need both)
# Env:   XQREG=path/to/xqreg (default: build it with cargo)
#        SHEET_PNG=path       also write page 1 as PNG there (docs/sheet-page-1.png is made so),
#                             and the page with the diagram as sheet-diagram.png beside it
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=apt.sh
source "$root/.ci/apt.sh"

need=()
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
need_cjk_font
apt_install_need
[ "${1:-}" = "--deps" ] && exit 0

out="${1:-$root/target/sheet-pdf}"
mkdir -p "$out"

xqreg="${XQREG:-}"
if [ -z "$xqreg" ]; then
  (cd "$root" && cargo build -q -p xqreg --bin xqreg)
  xqreg="${CARGO_TARGET_DIR:-$root/target}/debug/xqreg"
fi

pdf="$out/004_zhouzhuang.zh.pdf"
"$xqreg" sheet "$root/examples/004_zhouzhuang/regulation.xqr" --lang zh --format pdf -o "$pdf"

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
check "第 *1 *页 *共" "page numbers"
pages="$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/{print $2}')"
size="$(pdfinfo "$pdf" 2>/dev/null | awk -F': *' '/^Page size:/{print $2}')"
echo "pages: ${pages:-?}; page size: ${size:-?}"
case "$size" in
  *"(A4)"*) echo "ok: A4" ;;
  *) echo "NOT A4: $size"; fail=1 ;;
esac
if pdffonts "$pdf" | grep -q "Type 3"; then
  echo "TYPE 3 FONT:"; pdffonts "$pdf"; fail=1
else
  echo "ok: no Type 3 font"
fi

if [ -n "${SHEET_PNG:-}" ]; then
  pdftoppm -png -r 80 -f 1 -l 1 -singlefile "$pdf" "${SHEET_PNG%.png}"
  echo "wrote $SHEET_PNG"
  # And the page with the stage diagram (its caption 赛制流程), beside it: sheet-diagram.png.
  n=1
  while [ "$n" -le "${pages:-0}" ]; do
    if pdftotext -f "$n" -l "$n" "$pdf" - | grep -qx "赛制流程"; then
      pdftoppm -png -r 80 -f "$n" -l "$n" -singlefile "$pdf" "$(dirname "$SHEET_PNG")/sheet-diagram"
      echo "wrote $(dirname "$SHEET_PNG")/sheet-diagram.png (page $n)"
      break
    fi
    n=$((n + 1))
  done
fi
exit "$fail"
