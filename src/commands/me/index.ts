import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings } from '../shared.js';

export function meCommand(deps: Deps): Command {
  const cmd = new Command('me')
    .description('Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use')
    .action(async () => {
      const [{ getMe, usableCommands }, { renderRecord }, { meView }] = await Promise.all([
        import('../../api/me.js'),
        import('../../output/render.js'),
        import('../../output/views/me.js'),
      ]);
      const me = await getMe(await deps.api());
      // Where this answer came from: the profile used (null: flags or environment only) and the base URL.
      const settings = await deps.settings();
      const record = { ...me, commands: usableCommands(me), profile: settings.profile?.name ?? null, baseUrl: settings.baseUrl };
      await renderRecord(record, meView, outputSettings(deps), deps.io);
    });
  return example(cmd, 'cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute');
}
