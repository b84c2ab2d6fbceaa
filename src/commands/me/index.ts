import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';

export function meCommand(): Command {
  const cmd = new Command('me')
    .description(
      'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
    )
    .action(
      action(async (ctx) => {
        const { getMe, usableCommands } = await import('../../api/me.js');
        // The request leaves first (api/me.ts); what prints its answer loads while it travels.
        const answer = getMe(await ctx.api());
        answer.catch(() => undefined); // awaited below: a failure while the rest loads is not unhandled
        await new Promise((sent) => setImmediate(sent));
        const [{ renderRecord }, { meView }] = await Promise.all([
          import('../../output/render.js'),
          import('../../output/views/me.js'),
        ]);
        const me = await answer;
        // Where this answer came from: the profile used (null: flags or environment only) and the base URL.
        const settings = await ctx.settings();
        const record = {
          ...me,
          commands: usableCommands(me),
          profile: settings.profile?.name ?? null,
          baseUrl: settings.baseUrl,
        };
        await renderRecord(record, meView, ctx.output(), ctx);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/me.js').then((m) => m.ApiKeyContext), {
    open: ['commands'],
    extra: ['profile', 'baseUrl'],
  });
  return example(cmd, 'cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute');
}
