#!/usr/bin/env bash
# Asks a real shell what it completes after a command line, with sprite-theme's own completion
# script loaded, and prints the candidates one per line (a folder may end in /).
# usage: complete.sh SHELL SCRIPT FOLDER LINE
#   SHELL   bash, zsh or fish (installed with apt-get when missing, as root or with sudo, with
#           Debian's bash-completion for bash; otherwise a loud message naming them, exit 3)
#   SCRIPT  the output of `sprite-theme --generate-completion-script SHELL`
#   FOLDER  the working directory (file names are completed there)
#   LINE    the command line as typed up to the cursor, e.g. 'sprite-theme export --format '
# bash: sources bash_completion and SCRIPT, sets COMP_WORDS, COMP_CWORD, COMP_LINE and
# COMP_POINT and calls the function `complete -p` names. zsh: complete.zsh. fish:
# `complete -C LINE`.
set -euo pipefail
shell="$1" script="$2" folder="$3" line="$4"

package() { case "$1" in bash) echo bash-completion ;; *) echo "$1" ;; esac; }
have() {
  case "$1" in
    bash) [ -f /usr/share/bash-completion/bash_completion ] ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}
if ! have "$shell"; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
    export DEBIAN_FRONTEND=noninteractive
    echo "complete.sh: installing $(package "$shell")" >&2
    $sudo apt-get update -qq </dev/null >&2
    $sudo apt-get install -y -qq --no-install-recommends "$(package "$shell")" </dev/null >&2
  else
    echo "complete.sh: *** MISSING: $(package "$shell") *** apt-get install $(package "$shell")" >&2
    exit 3
  fi
fi

cd "$folder"
case "$shell" in
bash)
  exec bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    source "$1"
    line="$2"
    read -ra COMP_WORDS <<< "$line"
    [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMP_LINE="$line"
    COMP_POINT=${#line}
    spec=$(complete -p sprite-theme)
    function=${spec##*-F }
    function=${function%% *}
    COMPREPLY=()
    "$function" sprite-theme "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"
  ' complete "$script" "$line"
  ;;
zsh)
  # The script goes on $fpath as _sprite-theme, in a folder beside it that is removed after.
  functions="$(mktemp -d "$folder/.zsh-functions.XXXXXX")"
  trap 'rm -rf "$functions"' EXIT
  cp "$script" "$functions/_sprite-theme"
  timeout 60 zsh -f "$(dirname "$0")/complete.zsh" "$functions" "$line"
  ;;
fish)
  exec fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$script" "$line" | cut -f1
  ;;
*)
  echo "complete.sh: no shell $shell" >&2
  exit 2
  ;;
esac
