// A profile's CA file (PRODUCT §15, HTTPS): `--ca-file <pem>` on `profiles add`, and on an existing
// profile without asking for the key again (`profiles set <name> --ca-file <pem>`, or `profiles add
// <name> --ca-file <pem>` for a stored profile and nothing else to change). `--ca-file ''` or
// `--no-ca-file` drops it. The path is stored absolute, after the file was read and found to hold at
// least one certificate; unless --no-verify, GET /me with the profile's key must succeed trusting it.
import { resolveCredentials } from '../../config/credentials.js';
import type { Profile } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, UsageError } from '../../errors.js';
import { valueOrOff } from '../model/fields.js';

/** --ca-file and --no-ca-file, for `profiles add` and `profiles set`. */
export const caFileFlag = valueOrOff(
  '--ca-file <pem>',
  'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)',
  "drop the profile's CA file: trust only Node's roots, the system store and NODE_EXTRA_CA_CERTS",
  undefined,
  { hint: { value: 'file' } },
);

/** What the flags ask: undefined (leave as it is), null (drop it) or a path as given. */
export function askedCaFile(flag: string | false | undefined): string | null | undefined {
  if (flag === undefined) return undefined;
  if (flag === false || flag.trim() === '') return null;
  return flag;
}

/** The absolute path of a CA file given on the command line, checked (exit 2 with nothing saved). */
export async function checkedCaFile(given: string, profile: string): Promise<string> {
  const { absoluteCaPath, loadCaFile } = await import('../../config/ca-file.js');
  const path = absoluteCaPath(given);
  loadCaFile(path, { profile, fix: `profile "${profile}" was not changed` });
  return path;
}

/**
 * Sets (a path) or drops (null) the CA file of a stored profile, keeping everything else; with `verify`,
 * GET /me with the profile's own key (stored, or from its key command) must succeed first.
 */
export async function setCaFile(ctx: Context, profile: Profile, asked: string | null, verify: boolean): Promise<void> {
  const caFile = asked === null ? undefined : await checkedCaFile(asked, profile.name);
  // Dropping a CA file needs no check: the usual CAs are all that is left.
  if (verify && caFile) await verifyWith(ctx, profile, caFile);
  const store = ctx.profiles();
  const found = await store.change(profile.name, (p) => {
    if (caFile) p.caFile = caFile;
    else delete p.caFile;
  });
  if (!found) throw new UsageError(`profile "${profile.name}" was removed meanwhile; nothing was saved`);
  ctx.msg.info(
    caFile
      ? `profile "${profile.name}" now trusts the CA file ${caFile}${verify ? ' (GET /me verified with it)' : ' (not verified: --no-verify)'}`
      : profile.caFile
        ? `profile "${profile.name}" no longer trusts ${profile.caFile}`
        : `profile "${profile.name}" had no CA file; nothing changed`,
  );
}

async function verifyWith(ctx: Context, profile: Profile, caFile: string): Promise<void> {
  const { key } = await resolveCredentials({ flags: {}, env: ctx.env, store: ctx.profiles(), profile });
  const { getMe } = await import('../../api/me.js');
  const client = await ctx.clientFor(profile.baseUrl, key, { caFile, profile: profile.name });
  try {
    await getMe(client);
  } catch (e) {
    if (e instanceof CliError && !(e instanceof UsageError) && !(e instanceof ApiError))
      throw new CliError(e.message, e.exit, [
        ...e.lines,
        `profile "${profile.name}" was not changed (--no-verify stores the CA file without GET /me)`,
      ]);
    throw e;
  } finally {
    await client.close();
  }
}
