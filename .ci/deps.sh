#!/usr/bin/env bash
# The system tools CI needs beyond Rust, installed with apt-get when missing: chromium (the
# suite's event_browser test opens the published event site in it), fonts-noto-cjk (Chinese text
# in the site, and the font `sheet --format pdf` embeds), poppler-utils (pdftotext and pdffonts
# read the PDF sheets back), nodejs and npm (the browser test's driver and the VS Code grammar
# test).
set -euo pipefail
# shellcheck source=apt.sh
source "$(dirname "$0")/apt.sh"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
need_cjk_font
if [ "${#need[@]}" -eq 0 ]; then
  echo "chromium, fonts-noto-cjk, poppler-utils, node and npm are installed"
fi
apt_install_need
