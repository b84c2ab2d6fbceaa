import { Command, Option } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings, withListOptions, type ListFlags } from '../shared.js';
import { write } from '../../io.js';
import { LEAD_SOURCES, leadFileKind, parseSince, PRESET_HELP, VCARD_HELP, type LeadFileFlags, type LeadSourceFlag } from './options.js';

interface LeadsListFlags extends ListFlags, LeadFileFlags {
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
      .option('--include-archived', 'include archived leads (default: left out)')
      .option('--preset <crm>', PRESET_HELP)
      .option('--vcard-version <version>', VCARD_HELP),
  ).action(async (flags: LeadsListFlags) => {
    const since = flags.since !== undefined ? parseSince(flags.since) : undefined;
    const kind = await leadFileKind(flags, deps.globals);
    const [{ listLeads }, { renderList }, { leadView, leadCsvRow }] = await Promise.all([
      import('../../api/leads.js'),
      import('../../output/render.js'),
      import('../../output/views/leads.js'),
    ]);
    const list = listLeads(
      await deps.api(),
      { cardId: flags.card, source: flags.source, since, includeArchived: flags.includeArchived || undefined },
      { limit: flags.limit, offset: flags.offset, all: flags.all },
    );
    if (kind) {
      const { leadFile, skippedLine } = await import('../../output/lead-files.js');
      const file = await leadFile(kind);
      await write(deps.io.stdout, file.header());
      for await (const lead of list) {
        const text = file.item(lead);
        if (text) await write(deps.io.stdout, text);
      }
      if (file.skipped) deps.io.stderr.write(skippedLine(file.skipped));
      return;
    }
    const s = outputSettings(deps);
    // CSV rows use the export's documented columns (contact split, answers in one readable cell).
    const items = s.format === 'csv' && !s.quiet ? mapAsync(list, leadCsvRow) : list;
    await renderList<any>(items, leadView, s, deps.io, () => list.hint());
  });
  return example(
    cmd,
    'cardqr leads list --source form --since 2026-05-01T00:00:00Z',
    'cardqr leads list --card crd_123 --all -o csv > leads.csv',
    'cardqr leads list --all --preset hubspot > hubspot-contacts.csv',
    'cardqr leads list --all -o vcf > leads.vcf',
  );
}

async function* mapAsync<T, U>(items: AsyncIterable<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}
