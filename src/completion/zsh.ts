// Zsh completion function (`#compdef`): one `_arguments` function per command, nested with the
// usual `->command` / `*::` states, so zsh shows descriptions, groups and option exclusions.
// Profile names come from `cardqr __complete profiles` when they are needed.
import {
  allCommands,
  type ArgSpec,
  type CommandSpec,
  type CompletionTree,
  type FlagSpec,
  globalsAt,
  names,
  type ValueSpec,
} from './tree.js';

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
/** Text inside an _arguments `[...]` description or a `:message:` part. */
const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/([[\]:])/g, '\\$1');

export function zshScript(tree: CompletionTree): string {
  const b = tree.bin;
  const nodes = [tree.root, ...allCommands(tree.root)];
  const shadowing = nodes.filter((n) => n.path.length && globalsAt(tree, n).length !== tree.globals.length);
  return `#compdef ${b}
# zsh completion for ${b}. Generated from the command tree by \`${b} completion zsh\`; do not edit.
# Install: ${b} completion zsh > "\${fpath[1]}/_${b}"   (then start a new shell)
#      or: echo 'source <(${b} completion zsh)' >> ~/.zshrc   (after compinit)

__${b}_profiles() {
  local -a profiles
  profiles=(\${(f)"$(_call_program profiles \${(q)__${b}_bin} __complete profiles 2>/dev/null)"})
  _wanted profiles expl 'profile' compadd -a profiles
}

${nodes.map((n) => nodeFunction(tree, n, shadowing.includes(n))).join('\n\n')}

_${b}() {
  local __${b}_bin=\${words[1]}
  local -a __${b}_globals
  __${b}_globals=(
${tree.globals.map((f) => `    ${flagSpec(tree, f)}`).join('\n')}
  )
  ${fnName(tree, tree.root)} "$@"
}

if [[ $funcstack[1] == _${b} ]]; then
  _${b} "$@"
else
  compdef _${b} ${b}
fi
`;
}

function fnName(tree: CompletionTree, n: CommandSpec): string {
  return `__${tree.bin}_cmd${n.path.map((s) => `_${s.replace(/[^A-Za-z0-9]/g, '_')}`).join('')}`;
}

function nodeFunction(tree: CompletionTree, n: CommandSpec, shadowed: boolean): string {
  const b = tree.bin;
  // Globals apply after any subcommand; where a command redefines one, its own meaning wins.
  const globals = !n.path.length
    ? []
    : shadowed
      ? globalsAt(tree, n).map((f) => flagSpec(tree, f))
      : [`$__${b}_globals`];
  const local = (n.path.length ? n.flags : n.flags.filter((f) => !tree.globals.includes(f))).map((f) =>
    flagSpec(tree, f),
  );
  const root = !n.path.length ? [`$__${b}_globals`] : [];
  const specs = [...root, ...globals, ...local];
  if (!n.commands.length) {
    const args = argSpecs(tree, n.args);
    return `${fnName(tree, n)}() {
  _arguments -s -S \\
${[...specs, ...args].map((s) => `    ${s}`).join(' \\\n')}
}`;
  }
  const label = [b, ...n.path].join(' ');
  const described = n.commands.map((c) => q(`${c.name}:${c.description}`)).join(' ');
  const aliases = n.commands
    .flatMap((c) => c.aliases.map((a) => q(`${a}:${c.description} (alias of ${c.name})`)))
    .join(' ');
  const cases = n.commands
    .map((c) => `        ${[c.name, ...c.aliases].map(q).join('|')}) ${fnName(tree, c)} && ret=0 ;;`)
    .join('\n');
  return `${fnName(tree, n)}() {
  local curcontext=$curcontext state state_descr line ret=1
  typeset -A opt_args
  _arguments -C -s -S \\
${[...specs, `'(-): :->command'`, `'(-)*:: :->argument'`].map((s) => `    ${s}`).join(' \\\n')} && ret=0
  case $state in
    command)
      local -a commands
      commands=(${described})
      # Aliases only once something is typed, so a bare TAB lists each command once.
${aliases ? `      [[ -n $PREFIX ]] && commands+=(${aliases})\n` : ''}      _describe -t commands ${q(`${label} command`)} commands && ret=0
      ;;
    argument)
      curcontext=\${curcontext%:*:*}:${tree.bin}-$words[1]:
      case $words[1] in
${cases}
      esac
      ;;
  esac
  return ret
}`;
}

function action(tree: CompletionTree, v: ValueSpec): string {
  switch (v.kind) {
    case 'choices':
      return `(${v.values.map((x) => x.replace(/([\\() ])/g, '\\$1')).join(' ')})`;
    case 'profiles':
      return `__${tree.bin}_profiles`;
    case 'file':
      return '_files';
    case 'dir':
      return '_files -/';
    default:
      return ' ';
  }
}

function flagSpec(tree: CompletionTree, f: FlagSpec): string {
  const all = names(f);
  const desc = `[${esc(f.description)}]`;
  const value = f.value ? `:${esc(f.placeholder ?? 'value')}:${action(tree, f.value)}` : '';
  const repeat = f.repeatable ? '*' : '';
  const help = f.long === '--help' || f.long === '--version';
  // Exclusion list: a flag and its other spelling are offered once; help/version end the line.
  const exclusion = help ? '(- *)' : f.repeatable || all.length < 2 ? '' : `(${all.join(' ')})`;
  const spelled = all.map((n) => {
    if (!f.value) return n;
    return n.startsWith('--') ? `${n}=` : `${n}+`;
  });
  if (spelled.length === 1) return q(`${exclusion}${repeat}${spelled[0]}${desc}${value}`);
  return `${q(`${exclusion}`)}{${spelled.map((s) => q(`${repeat}${s}`)).join(',')}}${q(`${desc}${value}`)}`;
}

function argSpecs(tree: CompletionTree, args: ArgSpec[]): string[] {
  return args.map((a, i) => {
    const position = a.variadic ? '*' : String(i + 1);
    const optional = a.required || a.variadic ? '' : ':';
    return q(`${position}:${optional}${esc(a.name)}:${action(tree, a.value)}`);
  });
}
