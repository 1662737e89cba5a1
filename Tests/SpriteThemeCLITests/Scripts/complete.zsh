# Prints what zsh completes after a command line: an interactive zsh in a pseudo-terminal
# (zsh/zpty) runs compinit with FUNCTIONS on $fpath, wraps compadd so every match it adds is
# printed between <cand> and </cand> (spelt apart in the definition, which the terminal echoes), exits right after the completion (comppostfuncs), and
# gets LINE followed by a TAB. Prints the matches, one per line, sorted.
# usage: zsh -f complete.zsh FUNCTIONS LINE
zmodload zsh/zpty
fpath_folder=$1 typed=$2
zpty shell zsh -f -i
zpty -w shell 'PROMPT="" RPROMPT=""'
zpty -w shell "fpath=(${(q)fpath_folder} \$fpath); autoload -U compinit; compinit -u -D"
# compadd -O, -A or -D only asks; anything else adds matches, printed first.
zpty -w shell 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a found; builtin compadd -A found "$@"
  local f open="<"cand">" close="</"cand">"
  for f in $found; do print -r -- "$open$f$close"; done
  builtin compadd "$@"
}'
zpty -w shell 'comppostfuncs=(exit)'
zpty -w -n shell "$typed"$'\t'
output=""
while zpty -r shell chunk; do output+=$chunk; done
print -rl -- ${(ou)${(M)${(f)${output//<cand>/$'\n'<cand>}}:#<cand>*}} \
  | sed -e 's/^<cand>//' -e 's/<\/cand>.*$//'
