# Sourced by .ci/deps.sh and .ci/sheet-pdf.sh: the one way CI installs the system packages it is
# missing. A script collects the missing package names in the array `need` (need_cjk_font adds
# the CJK font's package when no Noto CJK SC font is found), then calls apt_install_need.

# Appends fonts-noto-cjk to `need` unless fontconfig already knows a Noto CJK SC font.
need_cjk_font() {
  local fonts
  fonts="$(fc-list 2>/dev/null || true)"
  case "$fonts" in *"Noto Serif CJK SC"* | *"Noto Sans CJK SC"*) ;; *) need+=(fonts-noto-cjk) ;; esac
}

# Installs the packages in `need` with apt-get (through sudo when not root); nothing when `need`
# is empty. (It fails as a command fails under `set -e`: call it as a statement of its own, not in
# an `||` list, where bash would not stop at a failed apt-get.)
apt_install_need() {
  [ "${#need[@]}" -gt 0 ] || return 0
  echo "installing: ${need[*]}"
  local SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
}
