// A definition as the manifest holds it. Used by `npm run manifest` and the test that the committed
// manifest is current, never at run time (it loads every definition).
import { Option } from 'commander';
import type { AnyCommand, Definition } from './define.js';
import type { ArgumentField, OptionField } from './fields.js';
import type { ManifestNode } from './manifest-types.js';

/** The manifest node of `def` (and its children), `path` the names above it. */
export function describe(def: Definition, path: string[] = []): ManifestNode {
  const names = [...path, def.name];
  const node: ManifestNode = { name: def.name, summary: def.summary };
  if (def.aliases?.length) node.aliases = def.aliases;
  if (def.hidden) node.hidden = true;
  if (def.examples?.length) node.examples = def.examples;
  if (def.commands) node.commands = def.commands.map((c) => describe(c, names));
  if (!('run' in def)) return node;
  const cmd: AnyCommand = def;
  if (cmd.details) node.details = cmd.details;
  const args = Object.entries<ArgumentField>(cmd.args ?? {});
  if (args.length)
    node.args = args.map(([key, f]) => {
      const { choices, ...rest } = f.spec;
      return { key, ...rest, ...(choices && { choices: [...choices] }) };
    });
  const options = Object.entries<OptionField>(cmd.flags ?? {});
  if (options.length) {
    node.options = options.map(([key, f]) => {
      const attribute = new Option(f.spec.flags).attributeName();
      if (attribute !== key)
        throw new Error(`${names.join(' ')}: flag ${f.spec.flags} must be keyed ${attribute}, not ${key}`);
      const { choices, ...rest } = f.spec;
      return { key, ...rest, ...(choices && { choices: [...choices] }) };
    });
  }
  if (cmd.fields) {
    const { schema: _schema, ...data } = cmd.fields;
    node.fields = data;
  }
  node.runs = names.join(' ');
  return node;
}
