// Drives the real shells' completion machinery non-interactively and returns the candidates
// offered for each command line (the cursor is at the end of the line).
// - bash: sources the script (with or without bash-completion) and calls the completion function
//   with COMP_WORDS / COMP_CWORD / COMP_LINE / COMP_POINT set, as readline would.
// - zsh: a pseudo-terminal (zpty) runs `vared` with compinit loaded; TAB triggers a completion
//   widget that records every match passed to `compadd`, as an interactive shell would show them.
// - fish: `complete -C "<line>"`.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ITEM = '\x1f';
const LINE = '\x1e';

export interface ShellEnv {
  /** Directory for HOME, harness files and shell state. */
  dir: string;
  env: Record<string, string | undefined>;
  /** Where the shell runs (file completion is relative to it). */
  cwd?: string;
}

const BASH_HARNESS = `
if [[ $WITH_BASH_COMPLETION == 1 ]]; then source /usr/share/bash-completion/bash_completion; fi
source "$1"; shift
for line in "$@"; do
  COMP_LINE=$line; COMP_POINT=\${#line}
  read -ra COMP_WORDS <<<"$line"
  [[ $line == *' ' ]] && COMP_WORDS+=('')
  COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _cardqr cardqr "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
  printf '%s${ITEM}' "\${COMPREPLY[@]}"; printf '${LINE}'
done
`;

const ZSH_HARNESS = `
zmodload zsh/zpty || exit 3
script=$1; shift
__harness() {
  # A directory is an fpath entry holding _cardqr (the documented install); a file is sourced.
  [[ -d $script ]] && fpath=($script $fpath)
  autoload -Uz compinit && compinit -u -D
  [[ -f $script ]] && source $script
  typeset -ga __got
  __got=()
  compadd() {
    local -a __matches
    builtin compadd -O __matches "$@"
    __got+=("\${__matches[@]}")
    builtin compadd "$@"
  }
  __capture() {
    unset 'compstate[vared]'
    _main_complete
    local sep=$'\\x1f'
    print -rn -- $'\\x02'"\${(pj:$sep:)__got}"$'\\x03'
    exit
  }
  zle -C __capture complete-word __capture
  bindkey '^I' __capture
  stty rows 200 cols 250   # zle's listing code needs a terminal size
  vared -c __line
}
for line in "$@"; do
  zpty h __harness
  zpty -w h "$line"$'\\t'
  zpty -r h out $'*\\x02'
  zpty -r h out $'*\\x03'
  zpty -d h
  print -rn -- "\${out%$'\\x03'}"$'\\x1e'
done
`;

const FISH_HARNESS = `
source $argv[1]
for line in $argv[2..-1]
  for c in (complete -C "$line")
    printf '%s${ITEM}' (string split -f1 \\t -- $c)
  end
  printf '${LINE}'
end
`;

function parse(stdout: string): string[][] {
  return stdout
    .split(LINE)
    .slice(0, -1)
    .map((l) => [...new Set(l.replace(/\r/g, '').split(ITEM).filter(Boolean))].sort());
}

function harness(sh: ShellEnv, name: string, text: string): string {
  mkdirSync(sh.dir, { recursive: true });
  const file = join(sh.dir, name);
  writeFileSync(file, text);
  return file;
}

const opts = (sh: ShellEnv) => ({
  cwd: sh.cwd,
  env: {
    ...sh.env,
    HOME: sh.dir,
    XDG_CONFIG_HOME: join(sh.dir, '.config'),
    XDG_DATA_HOME: join(sh.dir, '.local/share'),
  } as NodeJS.ProcessEnv,
  timeout: 60_000,
  maxBuffer: 4 << 20,
});

export async function bashComplete(
  sh: ShellEnv,
  script: string,
  lines: string[],
  withBashCompletion = true,
): Promise<string[][]> {
  const file = harness(sh, 'harness.bash', BASH_HARNESS);
  const o = opts(sh);
  o.env.WITH_BASH_COMPLETION = withBashCompletion ? '1' : '0';
  const { stdout } = await run('bash', ['--norc', '--noprofile', file, script, ...lines], o);
  return parse(stdout);
}

export async function zshComplete(sh: ShellEnv, script: string, lines: string[]): Promise<string[][]> {
  const file = harness(sh, 'harness.zsh', ZSH_HARNESS);
  const { stdout } = await run('zsh', ['-f', file, script, ...lines], opts(sh));
  return parse(stdout);
}

export async function fishComplete(sh: ShellEnv, script: string, lines: string[]): Promise<string[][]> {
  const file = harness(sh, 'harness.fish', FISH_HARNESS);
  const { stdout } = await run('fish', ['--no-config', file, script, ...lines], opts(sh));
  return parse(stdout);
}
