// `profiles set <name> --ca-file <pem>`: change one setting of a stored profile without asking for its
// key again (as `aws configure set ca_bundle`). The CA file is the one setting today; the base URL and
// the key change with `profiles add`, which verifies them together.
import { UsageError } from '../../errors.js';
import { defineCommand } from '../model/define.js';
import { flag } from '../model/fields.js';
import { none } from '../model/result.js';
import { askedCaFile, caFileFlag, setCaFile } from './ca-file.js';
import { profileName } from './manage.js';

export const profilesSet = defineCommand({
  name: 'set',
  summary: "Change a stored profile's CA file, without asking for its key again (verified with GET /me)",
  args: { name: profileName('<name>') },
  flags: {
    verify: flag('--no-verify', 'store without calling GET /me'),
    caFile: caFileFlag,
  },
  examples: ['cardqr profiles set prod --ca-file ~/corp-root-ca.pem', 'cardqr profiles set prod --no-ca-file'],
  async run(ctx, { name, verify, caFile }) {
    const profile = ctx.profiles().get(name);
    if (!profile) throw new UsageError(`no profile named "${name}"; see \`cardqr profiles list\``);
    const asked = askedCaFile(caFile);
    if (asked === undefined)
      throw new UsageError('profiles set needs a setting to change: --ca-file <pem>, or --no-ca-file to drop it');
    await setCaFile(ctx, profile, asked, verify !== false);
    return none;
  },
});
