// Bash completion script. Works with bash-completion (uses _init_completion and _filedir when
// present) and without it (raw COMP_WORDS, where readline splits `--flag=value` at the `=`).
// The tree is compiled into `case` tables, so completing costs no subprocess except the profile
// names, which come from `cardqr __complete profiles` at the moment they are needed.
import { allCommands, type CommandSpec, type CompletionTree, flagsAt, names, type ValueSpec } from './tree.js';

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function bashScript(tree: CompletionTree): string {
  const fn = `_${tree.bin}`;
  const p = `__${tree.bin}`;
  const nodes = [tree.root, ...allCommands(tree.root)];
  return `# bash completion for ${tree.bin}                               -*- shell-script -*-
# Generated from the command tree by \`${tree.bin} completion bash\`; do not edit.
# Install: ${tree.bin} completion bash > ~/.local/share/bash-completion/completions/${tree.bin}
#      or: echo 'source <(${tree.bin} completion bash)' >> ~/.bashrc

# ${p}_node PATH: sets ${p}_subs (subcommands), ${p}_aliases, ${p}_flags (all flags) for a command path.
${p}_node() {
  case "$1" in
${nodes.map((n) => nodeCase(tree, n)).join('\n')}
    *) ${p}_subs=''; ${p}_aliases=''; ${p}_flags='' ;;
  esac
}

# ${p}_resolve PATH WORD: sets ${p}_r to the subcommand WORD names at PATH (an alias resolves to
# its command); returns 1 when WORD is no subcommand there.
${p}_resolve() {
  case "$1|$2" in
${nodes.flatMap((n) => n.commands.map((c) => `    ${[c.name, ...c.aliases].map((a) => q(`${key(n)}|${a}`)).join('|')}) ${p}_r=${q(c.name)} ;;`)).join('\n')}
    *) return 1 ;;
  esac
}

# ${p}_value PATH FLAG: sets ${p}_v to what the flag's value completes to; returns 1 for a flag
# without a value (or an unknown word).
${p}_value() {
  case "$1|$2" in
${[...nodes.slice(1), tree.root].flatMap((n) => valueCases(tree, n)).join('\n')}
    *) return 1 ;;
  esac
}

# ${p}_arg PATH INDEX: sets ${p}_v to what the positional argument at INDEX (from 0) completes to.
${p}_arg() {
  ${p}_v=any
  case "$1" in
${nodes
  .filter((n) => n.args.length)
  .map((n) => argCase(tree, n))
  .join('\n')}
  esac
}

# ${p}_reply COMPGEN-ARGS...: COMPREPLY from compgen, one candidate per line (spaces kept).
${p}_reply() {
  COMPREPLY=()
  local line
  while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$@")
}

# ${p}_lines PREFIX: COMPREPLY from standard input, one candidate per line, those starting with PREFIX.
# Stored names are untrusted text: compared as strings, never through compgen -W (which expands them).
${p}_lines() {
  COMPREPLY=()
  local line
  while IFS= read -r line; do
    [[ $line == "$1"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
  done
}

${p}_complete_value() {
  local cur=$1
  case "$${p}_v" in
    choices:*) ${p}_reply -W "\${${p}_v#choices:}" -- "$cur" ;;
    profiles) ${p}_lines "$cur" < <(command "$${p}_bin" __complete profiles 2>/dev/null) ;;
    file)
      if declare -F _filedir >/dev/null; then _filedir; else compopt -o filenames 2>/dev/null; ${p}_reply -f -- "$cur"; fi ;;
    dir)
      if declare -F _filedir >/dev/null; then _filedir -d; else compopt -o filenames 2>/dev/null; ${p}_reply -d -- "$cur"; fi ;;
    *) COMPREPLY=() ;;
  esac
}

${fn}() {
  # shellcheck disable=SC2034 # split is set by _init_completion -s
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s -n : || return
  else
    words=("\${COMP_WORDS[@]}"); cword=$COMP_CWORD
    cur=\${COMP_WORDS[COMP_CWORD]}; prev=\${COMP_WORDS[COMP_CWORD-1]}
    # Without bash-completion, readline splits "--flag=value" into "--flag" "=" "value".
    if [[ $cur == = ]]; then cur=''
    elif [[ $prev == = ]]; then prev=\${COMP_WORDS[COMP_CWORD-2]}; fi
  fi
  local ${p}_bin=\${words[0]} ${p}_r ${p}_v ${p}_subs ${p}_aliases ${p}_flags
  local path='' i w skip=0 pos=0 ended=0
  for ((i = 1; i < cword; i++)); do
    w=\${words[i]}
    if ((skip)); then skip=0; continue; fi
    if ((ended)); then ((pos++)); continue; fi
    case "$w" in
      --) ended=1 ;;
      =) skip=1 ;;
      --*=*) ;;
      -?*) if ${p}_value "$path" "$w"; then skip=1; [[ \${words[i+1]} == = ]] && i=$((i + 1)); fi ;;
      *) if ((pos == 0)) && ${p}_resolve "$path" "$w"; then path=\${path:+$path }$${p}_r; else ((pos++)); fi ;;
    esac
  done
  COMPREPLY=()
  if [[ $prev == -?* ]] && ((!ended)) && ${p}_value "$path" "$prev"; then
    ${p}_complete_value "$cur"
    return
  fi
  ${p}_node "$path"
  if [[ $cur == -* ]] && ((!ended)); then
    ${p}_reply -W "$${p}_flags" -- "$cur"
    return
  fi
  if ((pos == 0)) && [[ -n $${p}_subs ]]; then
    local candidates=$${p}_subs
    # Aliases only once something is typed, so a bare TAB lists each command once.
    [[ -n $cur ]] && candidates="$candidates $${p}_aliases"
    ${p}_reply -W "$candidates" -- "$cur"
    return
  fi
  ${p}_arg "$path" "$pos"
  ${p}_complete_value "$cur"
}

complete -F ${fn} ${tree.bin}
`;
}

function key(n: CommandSpec): string {
  return n.path.join(' ');
}

function nodeCase(tree: CompletionTree, n: CommandSpec): string {
  const p = `__${tree.bin}`;
  const subs = n.commands.map((c) => c.name).join(' ');
  const aliases = n.commands.flatMap((c) => c.aliases).join(' ');
  const flags = flagsAt(tree, n).flatMap(names).join(' ');
  return `    ${q(key(n))}) ${p}_subs=${q(subs)}; ${p}_aliases=${q(aliases)}; ${p}_flags=${q(flags)} ;;`;
}

function valueWord(v: ValueSpec): string {
  return v.kind === 'choices' ? `choices:${v.values.join(' ')}` : v.kind;
}

/**
 * Local value flags for this exact path; for the root, the globals for any path (`*|--flag`).
 * The root comes last in the table, so a local flag of the same name wins.
 */
function valueCases(tree: CompletionTree, n: CommandSpec): string[] {
  const p = `__${tree.bin}`;
  return n.flags
    .filter((f) => f.value)
    .map((f) => {
      const pattern = (name: string) => (n.path.length ? q(`${key(n)}|${name}`) : `*${q(`|${name}`)}`);
      return `    ${names(f).map(pattern).join('|')}) ${p}_v=${q(valueWord(f.value as ValueSpec))} ;;`;
    });
}

function argCase(tree: CompletionTree, n: CommandSpec): string {
  const v = `__${tree.bin}_v`;
  const last = n.args.length - 1;
  const branches = n.args.map((a, i) => {
    const idx = i === last && a.variadic ? '*' : String(i);
    return `${idx}) ${v}=${q(valueWord(a.value))} ;;`;
  });
  if (!n.args[last]?.variadic) branches.push(`*) ${v}=any ;;`);
  return `    ${q(key(n))}) case "$2" in ${branches.join(' ')} esac ;;`;
}
