import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings } from '../shared.js';

export function meCommand(deps: Deps): Command {
  const cmd = new Command('me')
    .description('Show the key in use: account, plan, scopes, rate limit, and which commands it may use')
    .action(async () => {
      const [{ getMe, usableCommands }, { renderRecord }, { meView }] = await Promise.all([
        import('../../api/me.js'),
        import('../../output/render.js'),
        import('../../output/views/me.js'),
      ]);
      const me = await getMe(await deps.api());
      await renderRecord({ ...me, commands: usableCommands(me) }, meView, outputSettings(deps), deps.io);
    });
  return example(cmd, 'cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute');
}
