// The verbs that read or switch stored profiles: list, use, show, remove.
import { chosenProfileName } from '../../config/credentials.js';
import { maskKey, type Profile } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import type { View } from '../../output/view.js';
import { confirm } from '../confirm.js';
import { defineCommand } from '../model/define.js';
import { argument, optionalArgument } from '../model/fields.js';
import { list, none, record } from '../model/result.js';
const { statSync } = process.getBuiltinModule('node:fs');

/** A stored profile's name (completion offers the names of stored profiles). */
export const profileName = (spec: string) => argument(spec, 'profile name', undefined, { value: 'profiles' });

type ShownProfile = Omit<Profile, 'apiKey'> & { apiKey: string | null; keyFrom: string; default: boolean };

const profileView: View<ShownProfile> = {
  id: (p) => p.name,
  columns: [
    { header: 'name', value: (p) => (p.default ? `${p.name} *` : p.name) },
    { header: 'base url', value: 'baseUrl' },
    { header: 'key', value: (p) => p.apiKey ?? 'from command' },
    { header: 'key lives', value: 'keyFrom' },
    { header: 'account', value: 'account.email' },
    { header: 'plan', value: 'account.plan' },
    { header: 'verified', value: 'verifiedAt', style: 'date' },
    { header: 'ca file', value: (p) => p.caFile ?? '', priority: 2 },
  ],
};

/** The key never leaves the store unmasked; `keyFrom` says where it lives. */
function shown(p: Profile, def: string | undefined, file: string): ShownProfile {
  return { ...p, apiKey: p.apiKey ? maskKey(p.apiKey) : null, keyFrom: keyFrom(p, file), default: p.name === def };
}

function keyFrom(p: Profile, file: string): string {
  if (p.keyCommand && !p.apiKey) return `from command: ${p.keyCommand}`;
  let mode = '?';
  try {
    mode = (statSync(file).mode & 0o777).toString(8).padStart(4, '0');
  } catch {
    /* shown as ? */
  }
  return `stored in ${file}, mode ${mode}`;
}

function mustGet(ctx: Context, name: string): Profile {
  const p = ctx.profiles().get(name);
  if (!p) throw new UsageError(`no profile named "${name}"; see \`cardqr profiles list\``);
  return p;
}

export const profilesList = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List stored profiles (keys masked; * marks the default)',
  examples: ['cardqr profiles list'],
  async run(ctx) {
    const store = ctx.profiles();
    const def = store.defaultName();
    return list(
      store.list().map((p) => shown(p, def, store.file)),
      profileView,
    );
  },
});

export const profilesUse = defineCommand({
  name: 'use',
  summary: 'Make a profile the default',
  args: { name: profileName('<name>') },
  examples: ['cardqr profiles use staging'],
  async run(ctx, { name }) {
    mustGet(ctx, name);
    await ctx.profiles().setDefault(name);
    ctx.msg.info(`default profile is now "${name}"`);
    return none;
  },
});

export const profilesShow = defineCommand({
  name: 'show',
  summary: 'Show one profile (default: the one in use)',
  args: { name: optionalArgument('[name]', 'profile name', undefined, { value: 'profiles' }) },
  examples: ['cardqr profiles show prod -o json'],
  async run(ctx, { name }) {
    const store = ctx.profiles();
    const pick = name ?? chosenProfileName(ctx.globals, ctx.env) ?? store.defaultName();
    if (!pick) throw new UsageError('no profiles yet; add one with `cardqr profiles add`');
    return record(shown(mustGet(ctx, pick), store.defaultName(), store.file), profileView);
  },
});

export const profilesRemove = defineCommand({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove a profile and its stored key',
  args: { name: profileName('<name>') },
  examples: ['cardqr profiles remove old --yes'],
  async run(ctx, { name }) {
    mustGet(ctx, name);
    if (!(await confirm(ctx, `Remove profile "${name}" and its stored API key?`)))
      throw new CliError('cancelled: nothing removed', EXIT.usage);
    await ctx.profiles().remove(name);
    ctx.msg.info(`removed profile "${name}"`);
    return none;
  },
});
