# bash completion for cardqr                               -*- shell-script -*-
# Generated from the command tree by `cardqr completion bash`; do not edit.
# Install: cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr
#      or: echo 'source <(cardqr completion bash)' >> ~/.bashrc

# __cardqr_node PATH: sets __cardqr_subs (subcommands), __cardqr_aliases, __cardqr_flags (all flags) for a command path.
__cardqr_node() {
  case "$1" in
    '') __cardqr_subs='profiles me image api emulator completion'; __cardqr_aliases=''; __cardqr_flags='-V --version --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes -h --help' ;;
    'profiles') __cardqr_subs='add list use show remove'; __cardqr_aliases='ls rm'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'profiles add') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--default --no-verify -h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'profiles list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'profiles use') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'profiles show') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'profiles remove') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'me') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'image') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-f --format --size --transparent -O --out -d --dir --force -h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'api') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--data --query --idempotency-key -h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'emulator') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--port --host --seed --state --rate-limit --latency --fault-rate --profile -h --help --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    'completion') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields -q --quiet --no-color --verbose --timeout --max-retries -y --yes' ;;
    *) __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='' ;;
  esac
}

# __cardqr_resolve PATH WORD: sets __cardqr_r to the subcommand WORD names at PATH (an alias resolves to
# its command); returns 1 when WORD is no subcommand there.
__cardqr_resolve() {
  case "$1|$2" in
    '|profiles') __cardqr_r='profiles' ;;
    '|me') __cardqr_r='me' ;;
    '|image') __cardqr_r='image' ;;
    '|api') __cardqr_r='api' ;;
    '|emulator') __cardqr_r='emulator' ;;
    '|completion') __cardqr_r='completion' ;;
    'profiles|add') __cardqr_r='add' ;;
    'profiles|list'|'profiles|ls') __cardqr_r='list' ;;
    'profiles|use') __cardqr_r='use' ;;
    'profiles|show') __cardqr_r='show' ;;
    'profiles|remove'|'profiles|rm') __cardqr_r='remove' ;;
    *) return 1 ;;
  esac
}

# __cardqr_value PATH FLAG: sets __cardqr_v to what the flag's value completes to; returns 1 for a flag
# without a value (or an unknown word).
__cardqr_value() {
  case "$1|$2" in
    'image|-f'|'image|--format') __cardqr_v='choices:png svg pdf jpeg webp' ;;
    'image|--size') __cardqr_v='any' ;;
    'image|-O'|'image|--out') __cardqr_v='file' ;;
    'image|-d'|'image|--dir') __cardqr_v='dir' ;;
    'api|--data') __cardqr_v='any' ;;
    'api|--query') __cardqr_v='any' ;;
    'api|--idempotency-key') __cardqr_v='any' ;;
    'emulator|--port') __cardqr_v='any' ;;
    'emulator|--host') __cardqr_v='any' ;;
    'emulator|--seed') __cardqr_v='file' ;;
    'emulator|--state') __cardqr_v='file' ;;
    'emulator|--rate-limit') __cardqr_v='any' ;;
    'emulator|--latency') __cardqr_v='any' ;;
    'emulator|--fault-rate') __cardqr_v='any' ;;
    'emulator|--profile') __cardqr_v='any' ;;
    *'|--profile') __cardqr_v='profiles' ;;
    *'|--base-url') __cardqr_v='any' ;;
    *'|-o'|*'|--output') __cardqr_v='choices:table json ndjson csv' ;;
    *'|--fields') __cardqr_v='any' ;;
    *'|--timeout') __cardqr_v='any' ;;
    *'|--max-retries') __cardqr_v='any' ;;
    *) return 1 ;;
  esac
}

# __cardqr_arg PATH INDEX: sets __cardqr_v to what the positional argument at INDEX (from 0) completes to.
__cardqr_arg() {
  __cardqr_v=any
  case "$1" in
    'profiles add') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'profiles use') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'profiles show') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'profiles remove') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'image') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'api') case "$2" in 0) __cardqr_v='choices:GET POST PATCH PUT DELETE' ;; 1) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'completion') case "$2" in 0) __cardqr_v='choices:bash zsh fish' ;; *) __cardqr_v=any ;; esac ;;
  esac
}

__cardqr_complete_value() {
  local cur=$1
  case "$__cardqr_v" in
    choices:*) COMPREPLY=($(compgen -W "${__cardqr_v#choices:}" -- "$cur")) ;;
    profiles)
      local IFS=$'\n'
      COMPREPLY=($(compgen -W "$(command "$__cardqr_bin" __complete profiles 2>/dev/null)" -- "$cur")) ;;
    file)
      if declare -F _filedir >/dev/null; then _filedir; else compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    dir)
      if declare -F _filedir >/dev/null; then _filedir -d; else compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); fi ;;
    *) COMPREPLY=() ;;
  esac
}

_cardqr() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s -n : || return
  else
    words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
    cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}
    # Without bash-completion, readline splits "--flag=value" into "--flag" "=" "value".
    if [[ $cur == = ]]; then cur=''; split=true
    elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; split=true; fi
  fi
  local __cardqr_bin=${words[0]} __cardqr_r __cardqr_v __cardqr_subs __cardqr_aliases __cardqr_flags
  local path='' i w skip=0 pos=0 ended=0
  for ((i = 1; i < cword; i++)); do
    w=${words[i]}
    if ((skip)); then skip=0; continue; fi
    if ((ended)); then ((pos++)); continue; fi
    case "$w" in
      --) ended=1 ;;
      =) skip=1 ;;
      --*=*) ;;
      -?*) if __cardqr_value "$path" "$w"; then skip=1; [[ ${words[i+1]} == = ]] && i=$((i + 1)); fi ;;
      *) if ((pos == 0)) && __cardqr_resolve "$path" "$w"; then path=${path:+$path }$__cardqr_r; else ((pos++)); fi ;;
    esac
  done
  COMPREPLY=()
  if [[ $prev == -?* ]] && ((!ended)) && __cardqr_value "$path" "$prev"; then
    __cardqr_complete_value "$cur"
    return
  fi
  __cardqr_node "$path"
  if [[ $cur == -* ]] && ((!ended)); then
    COMPREPLY=($(compgen -W "$__cardqr_flags" -- "$cur"))
    return
  fi
  if ((pos == 0)) && [[ -n $__cardqr_subs ]]; then
    local candidates=$__cardqr_subs
    # Aliases only once something is typed, so a bare TAB lists each command once.
    [[ -n $cur ]] && candidates="$candidates $__cardqr_aliases"
    COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
    return
  fi
  __cardqr_arg "$path" "$pos"
  __cardqr_complete_value "$cur"
}

complete -F _cardqr cardqr
