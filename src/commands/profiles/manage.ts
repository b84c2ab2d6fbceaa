import { chosenProfileName } from '../../config/credentials.js';
import { action } from '../action.js';
import { Argument, Command } from 'commander';
import { maskKey, type Profile } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import type { View } from '../../output/render.js';
import { withHint, example } from '../../help/annotations.js';
import { confirm } from '../confirm.js';
const { statSync } = process.getBuiltinModule('node:fs');

/** A stored profile's name (completion offers the names of stored profiles). */
const profileName = (spec: string) => withHint(new Argument(spec, 'profile name'), { value: 'profiles' });

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

export function profilesManageCommands(): Command[] {
  const list = new Command('list')
    .alias('ls')
    .description('List stored profiles (keys masked; * marks the default)')
    .action(
      action(async (ctx) => {
        const { renderList } = await import('../../output/render.js');
        const store = ctx.profiles();
        const def = store.defaultName();
        await renderList(
          store.list().map((p) => shown(p, def, store.file)),
          profileView,
          ctx.output(),
          ctx,
        );
      }),
    );
  const use = new Command('use')
    .description('Make a profile the default')
    .addArgument(profileName('<name>'))
    .action(
      action(async (ctx, name: string) => {
        mustGet(ctx, name);
        await ctx.profiles().setDefault(name);
        ctx.msg.info(`default profile is now "${name}"`);
      }),
    );
  const show = new Command('show')
    .description('Show one profile (default: the one in use)')
    .addArgument(profileName('[name]'))
    .action(
      action(async (ctx, name?: string) => {
        const store = ctx.profiles();
        const pick = name ?? chosenProfileName(ctx.globals, ctx.env) ?? store.defaultName();
        if (!pick) throw new UsageError('no profiles yet; add one with `cardqr profiles add`');
        const { renderRecord } = await import('../../output/render.js');
        await renderRecord(shown(mustGet(ctx, pick), store.defaultName(), store.file), profileView, ctx.output(), ctx);
      }),
    );
  const remove = new Command('remove')
    .alias('rm')
    .description('Remove a profile and its stored key')
    .addArgument(profileName('<name>'))
    .action(
      action(async (ctx, name: string) => {
        mustGet(ctx, name);
        if (!(await confirm(ctx, `Remove profile "${name}" and its stored API key?`)))
          throw new CliError('cancelled: nothing removed', EXIT.usage);
        await ctx.profiles().remove(name);
        ctx.msg.info(`removed profile "${name}"`);
      }),
    );
  example(list, 'cardqr profiles list');
  example(use, 'cardqr profiles use staging');
  example(show, 'cardqr profiles show prod -o json');
  example(remove, 'cardqr profiles remove old --yes');
  return [list, use, show, remove];
}
