import { defineCommand } from '../model/define.js';
import { record } from '../model/result.js';

export const me = defineCommand({
  name: 'me',
  summary:
    'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
  examples: ['cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute'],
  fields: {
    schema: () => import('../../api/schemas/me.js').then((m) => m.ApiKeyContext),
    open: ['commands'],
    extra: ['profile', 'baseUrl'],
  },
  view: async () => (await import('../../output/views/me.js')).meView,
  async run(ctx) {
    const { getMe, usableCommands } = await import('../../api/me.js');
    const me = await getMe(await ctx.api());
    // Where this answer came from: the profile used (null: flags or environment only) and the base URL.
    const settings = await ctx.settings();
    return record({
      ...me,
      commands: usableCommands(me),
      profile: settings.profile?.name ?? null,
      baseUrl: settings.baseUrl,
    });
  },
});
