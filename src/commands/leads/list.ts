import { Command, Option } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings, withListOptions, type ListFlags } from '../shared.js';
import { LEAD_SOURCES, parseSince, type LeadSourceFlag } from './options.js';

interface LeadsListFlags extends ListFlags {
  card?: string;
  source?: LeadSourceFlag;
  since?: string;
  includeArchived?: boolean;
}

export function leadsListCommand(deps: Deps): Command {
  const cmd = withListOptions(
    new Command('list')
      .alias('ls')
      .description('List leads collected on cards and pages, newest first')
      .option('--card <card-id>', 'only leads on this card or page')
      .addOption(new Option('--source <source>', 'only leads from this source').choices(LEAD_SOURCES))
      .option('--since <date-time>', 'only leads created at or after this ISO 8601 date-time')
      .option('--include-archived', 'include archived leads (default: left out)'),
  ).action(async (flags: LeadsListFlags) => {
    const since = flags.since !== undefined ? parseSince(flags.since) : undefined;
    const [{ listLeads }, { renderList }, { leadView }] = await Promise.all([
      import('../../api/leads.js'),
      import('../../output/render.js'),
      import('../../output/views/leads.js'),
    ]);
    const list = listLeads(
      await deps.api(),
      { cardId: flags.card, source: flags.source, since, includeArchived: flags.includeArchived || undefined },
      { limit: flags.limit, offset: flags.offset, all: flags.all },
    );
    // CSV rows use the export's documented columns (leadView.csvRow: contact split, answers in one cell).
    await renderList(list, leadView, outputSettings(deps), deps.io, () => list.hint());
  });
  return example(
    cmd,
    'cardqr leads list --source form --since 2026-05-01T00:00:00Z',
    'cardqr leads list --card crd_123 --all -o csv > leads.csv',
  );
}
