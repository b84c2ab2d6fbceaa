// `profiles set <name> --ca-file <pem>`: change one setting of a stored profile without asking for its
// key again (as `aws configure set ca_bundle`). The CA file is the one setting today; the base URL and
// the key change with `profiles add`, which verifies them together.
import { Argument, Command } from 'commander';
import { action } from '../action.js';
import { UsageError } from '../../errors.js';
import { example, withHint } from '../../help/annotations.js';
import { askedCaFile, caFileOptions, setCaFile } from './ca-file.js';

export function profilesSetCommand(): Command {
  const cmd = new Command('set')
    .description("Change a stored profile's CA file, without asking for its key again (verified with GET /me)")
    .addArgument(withHint(new Argument('<name>', 'profile name'), { value: 'profiles' }))
    .option('--no-verify', 'store without calling GET /me');
  for (const o of caFileOptions()) cmd.addOption(o);
  cmd.action(
    action(async (ctx, name: string, flags: { verify: boolean; caFile?: string | boolean }) => {
      const profile = ctx.profiles().get(name);
      if (!profile) throw new UsageError(`no profile named "${name}"; see \`cardqr profiles list\``);
      const asked = askedCaFile(flags.caFile);
      if (asked === undefined)
        throw new UsageError('profiles set needs a setting to change: --ca-file <pem>, or --no-ca-file to drop it');
      await setCaFile(ctx, profile, asked, flags.verify);
    }),
  );
  return example(cmd, 'cardqr profiles set prod --ca-file ~/corp-root-ca.pem', 'cardqr profiles set prod --no-ca-file');
}
