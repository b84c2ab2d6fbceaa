import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { UsageError } from '../../errors.js';
import { example, printWritten } from '../shared.js';
import {
  type CardFieldFlags, checkDocKeys, checkFieldKeys, docString, fetchTemplateRules, hasUnknownKeys, readFieldInput,
  refuseTemplateProblems, withFieldOptions,
} from './input.js';

export interface CardsUpdateFlags extends CardFieldFlags {
  template?: string;
  unlinkTemplate?: boolean;
  replace?: boolean;
}

export function cardsUpdateCommand(deps: Deps): Command {
  const cmd = withFieldOptions(
    new Command('update')
      .description("Change a card's fields (merged into its current data unless --replace); status and short code never change")
      .argument('<card-id>', 'card id, e.g. crd_123')
      .option('--template <template-id>', 'link the card to this template\'s field rules')
      .option('--unlink-template', 'unlink the card from its template (templateId null)')
      .option('--replace', 'send exactly the given fields: scalar fields not given are CLEARED (rich sections not given are kept)'),
  ).action(async (id: string, flags: CardsUpdateFlags) => {
    if (flags.template !== undefined && flags.unlinkTemplate) throw new UsageError('use either --template or --unlink-template, not both');
    const { getCard, updateCard } = await import('../../api/cards.js');
    const { mergeFields, templateProblems, SCALAR_KEYS } = await import('../../api/card-fields.js');
    const isSection = (key: string) => !(SCALAR_KEYS as readonly string[]).includes(key);
    const { fields: changes, doc } = await readFieldInput(flags, deps);
    checkDocKeys(doc, ['templateId'], flags);
    const docTemplate = doc.templateId === null ? null : docString(doc, 'templateId');
    const templateId: string | null | undefined = flags.unlinkTemplate ? null : (flags.template ?? docTemplate);
    if (!Object.keys(changes).length && templateId === undefined) {
      throw new UsageError('nothing to change: give --field, --email, --phone, --link, --data, --template or --unlink-template');
    }
    if (!templateId || !(await hasUnknownKeys(changes))) await checkFieldKeys(changes, flags);
    const client = await deps.api();

    let fields: Record<string, unknown>;
    let nameBefore: string | undefined;
    if (flags.replace) {
      // Exactly what was given: cleared scalars are simply left out, a section given as null is cleared.
      fields = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== null || isSection(k)));
      const template = templateId ? await fetchTemplateRules(deps, templateId) : undefined;
      if (templateId) await checkFieldKeys(changes, flags, template);
      if (template) refuseTemplateProblems(templateProblems(fields, template, { sectionsKept: true }), template.id);
    } else {
      const card = await getCard(client, id);
      nameBefore = card.name;
      const targetId = templateId === undefined ? card.templateId : templateId;
      const template = targetId ? await fetchTemplateRules(deps, targetId) : undefined;
      if (targetId) await checkFieldKeys(changes, flags, template);
      const merged = mergeFields(card.fields, changes, template);
      fields = merged.fields;
      if (template) refuseTemplateProblems(templateProblems(fields, template), template.id);
      for (const key of merged.dropped) {
        deps.io.stderr.write(`warning: template ${targetId} hides ${key}; the API refuses to keep it, so this update clears it\n`);
      }
      for (const key of merged.relocked) {
        const value = template?.policy.fields[key]?.value;
        deps.io.stderr.write(`warning: template ${targetId} locks ${key}; the card's value is replaced by ${JSON.stringify(value)}\n`);
      }
    }
    const body = templateId === undefined ? { fields } : { fields, templateId };
    const card = await updateCard(client, id, body, { idempotencyKey: flags.idempotencyKey });
    if (nameBefore !== undefined && card.name !== nameBefore) {
      deps.io.stderr.write(`note: the card name follows the person's name: "${nameBefore}" is now "${card.name}"\n`);
    }
    const { cardView } = await import('../../output/views/cards.js');
    await printWritten(deps, card, cardView, card.id);
  });
  return example(
    cmd,
    'cardqr cards update crd_123 --field title=CTO',
    'cardqr cards update crd_123 --phone Mobile=+33612345678 --field address.city=Lyon',
    'cardqr cards update crd_123 --replace --data @complete-fields.json',
    'cardqr cards update crd_123 --unlink-template',
  );
}
