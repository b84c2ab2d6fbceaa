// Fish completion script: a small resolver finds the command path on the line (skipping flag
// values, following aliases), and one `complete` line per command, flag and argument uses it as
// a condition. Profile names come from `cardqr __complete profiles` when they are needed.
import {
  allCommands,
  type CommandSpec,
  type CompletionTree,
  type FlagSpec,
  names,
  shadowingNodes,
  type ValueSpec,
} from './tree.js';

const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function fishScript(tree: CompletionTree): string {
  const b = tree.bin;
  const p = `__${b}`;
  const nodes = [tree.root, ...allCommands(tree.root)];
  const key = (n: CommandSpec) => n.path.join(' ');
  const using = (n: CommandSpec) => `${p}_using "${key(n)}"`; // paths are plain words
  const lines: string[] = [];

  for (const n of nodes) {
    for (const c of n.commands) {
      const here = `${using(n)}; and ${p}_arg_index 0`;
      lines.push(`complete -c ${b} -n ${q(here)} -f -a ${q(c.name)} -d ${q(c.description)}`);
      for (const a of c.aliases) {
        lines.push(
          `complete -c ${b} -n ${q(`${here}; and ${p}_typed`)} -f -a ${q(a)} -d ${q(`${c.description} (alias of ${c.name})`)}`,
        );
      }
    }
    const own = n.path.length ? n.flags : n.flags.filter((f) => !tree.globals.includes(f));
    for (const f of own) lines.push(flagLine(tree, f, using(n)));
    n.args.forEach((a, i) => {
      if (a.value.kind === 'any') return;
      const where = `${using(n)}; and ${p}_arg_index ${a.variadic ? `${i}+` : i}`;
      lines.push(`complete -c ${b} -n ${q(where)} ${valueFlags(tree, a.value, true)}`.trimEnd());
    });
  }
  for (const g of tree.globals) {
    const shadows = shadowingNodes(tree, g);
    const cond = shadows.length ? shadows.map((s) => `not ${using(s)}`).join('; and ') : undefined;
    lines.push(flagLine(tree, g, cond));
  }

  return `# fish completion for ${b}. Generated from the command tree by \`${b} completion fish\`; do not edit.
# Install: ${b} completion fish > ~/.config/fish/completions/${b}.fish

# ${p}_node_path: the command path on the line so far (e.g. "cards list"), flag values skipped.
function ${p}_node_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path ''
    set -l skip 0
    set -l pos 0
    for t in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $t
            case --
                break
            case '--*=*'
            case '-?*'
                ${p}_takes_value "$path" $t; and set skip 1
            case '*'
                set -l sub (${p}_resolve "$path" $t)
                if test $pos = 0 -a -n "$sub"
                    set path (string trim -- "$path $sub")
                else
                    set pos (math $pos + 1)
                end
        end
    end
    echo $path
    echo $pos
end

# Cached per command line: every condition below asks for it.
function ${p}_state
    set -l line (commandline -pc)
    if test "$line" != "$${p}_cache_line"; or not set -q ${p}_cache_state
        set -g ${p}_cache_line $line
        set -g ${p}_cache_state (${p}_node_path)
    end
    printf '%s\\n' $${p}_cache_state
end

function ${p}_using
    test (${p}_state)[1] = "$argv[1]"
end

# True once part of a word is typed (aliases are offered only then).
function ${p}_typed
    test -n (commandline -ct)
end

# ${p}_arg_index N|N+: the word being completed is positional argument N (or N and later).
function ${p}_arg_index
    string match -q -- '-*' (commandline -ct); and return 1
    set -l pos (${p}_state)[2]
    switch $argv[1]
        case '*+'
            test $pos -ge (string replace '+' '' -- $argv[1])
        case '*'
            test $pos -eq $argv[1]
    end
end

function ${p}_resolve
    switch "$argv[1]|$argv[2]"
${nodes.flatMap((n) => n.commands.map((c) => `        case ${[c.name, ...c.aliases].map((a) => q(`${key(n)}|${a}`)).join(' ')}\n            echo ${q(c.name)}`)).join('\n')}
    end
end

function ${p}_takes_value
    switch "$argv[1]|$argv[2]"
${[...nodes.slice(1), tree.root]
  .flatMap((n) =>
    n.flags
      .filter((f) => f.value)
      .map(
        (f) =>
          `        case ${names(f)
            .map((x) => (n.path.length ? q(`${key(n)}|${x}`) : `${q('*|')}${q(x)}`))
            .join(' ')}\n            return 0`,
      ),
  )
  .join('\n')}
    end
    return 1
end

function ${p}_profiles
    set -l bin (commandline -opc)[1]
    command $bin __complete profiles 2>/dev/null
end

complete -c ${b} -f
${lines.join('\n')}
`;
}

function valueFlags(tree: CompletionTree, v: ValueSpec, positional: boolean): string {
  switch (v.kind) {
    case 'choices':
      return `${positional ? '-f' : '-x'} -a ${q(v.values.join(' '))}`;
    case 'profiles':
      return `${positional ? '-f' : '-x'} -a ${q(`(__${tree.bin}_profiles)`)}`;
    case 'file':
      return positional ? '-F' : '-r -F';
    case 'dir':
      return `${positional ? '-f' : '-x'} -a ${q('(__fish_complete_directories (commandline -ct))')}`;
    default:
      return positional ? '-f' : '-x';
  }
}

function flagLine(tree: CompletionTree, f: FlagSpec, condition: string | undefined): string {
  const parts = [`complete -c ${tree.bin}`];
  if (condition) parts.push(`-n ${q(condition)}`);
  if (f.short) parts.push(`-s ${f.short.replace(/^-/, '')}`);
  if (f.long) parts.push(`-l ${f.long.replace(/^--/, '')}`);
  if (f.value) parts.push(valueFlags(tree, f.value, false));
  parts.push(`-d ${q(f.description)}`);
  return parts.join(' ');
}
