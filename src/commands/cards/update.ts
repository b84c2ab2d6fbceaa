import { personName } from '../../api/rules.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import { safeLine } from '../../output/sanitize.js';
import { cardFieldFlags, readFieldInput } from '../card-flags.js';
import { checkId } from '../../api/ids.js';
import { idempotencyKeyFlag } from '../common-flags.js';
import { confirm } from '../confirm.js';
import { defineCommand } from '../model/define.js';
import { argument, flag, value } from '../model/fields.js';
import { dryRun, written } from '../model/result.js';
import { cardFields, cardView } from './card-output.js';
import {
  checkDocKeys,
  checkFieldKeys,
  docString,
  fetchTemplateRules,
  hasUnknownKeys,
  refuseTemplateProblems,
} from './input.js';
import { hasOwn, own } from '../../own.js';
import { isPrintedCard, noteIgnoredOnUpdate, PRINTED_CARD_KEYS, refuseOtherObject } from './printed-card.js';

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);
const shown = (v: unknown) => {
  const text = typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? 'null');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

export const cardsUpdate = defineCommand({
  name: 'update',
  summary:
    "Change a card's fields (merged into its current data unless --replace); asks before clearing data or renaming (--yes in scripts)",
  args: { id: argument('<card-id>', 'card id, e.g. crd_123') },
  flags: {
    template: value('--template <template-id>', "link the card to this template's field rules"),
    unlinkTemplate: flag('--unlink-template', 'unlink the card from its template (templateId null)'),
    replace: flag(
      '--replace',
      'send exactly the given fields: scalar fields not given are CLEARED (rich sections not given are kept)',
    ),
    dryRun: flag(
      '--dry-run',
      'print the merged document that would be sent (PATCH body) and what it would clear or rename; send nothing',
    ),
    ...cardFieldFlags,
    idempotencyKey: idempotencyKeyFlag,
  },
  examples: [
    'cardqr cards update crd_123 --field title=CTO',
    'cardqr cards update crd_123 --phone Mobile=+33612345678 --field address.city=Lyon',
    'cardqr cards update crd_123 --replace --data @complete-fields.json',
    'cardqr cards update crd_123 --unlink-template',
    'cardqr cards update crd_123 --template tpl_event --dry-run',
  ],
  fields: cardFields,
  view: cardView,
  check(flags) {
    if (flags.template !== undefined && flags.unlinkTemplate)
      throw new UsageError('use either --template or --unlink-template, not both');
  },
  async run(ctx, { id, ...flags }) {
    const { getCard, updateCard } = await import('../../api/cards.js');
    const { mergeFields, templateProblems, SCALAR_KEYS, SECTION_KEYS } = await import('../../api/card-rules.js');
    const isSection = (key: string) => !(SCALAR_KEYS as readonly string[]).includes(key);
    const SECTION_SET = new Set<string>(SECTION_KEYS);
    const { fields: changes, doc } = await readFieldInput(flags, ctx);
    refuseOtherObject(doc);
    checkDocKeys(doc, ['templateId', ...PRINTED_CARD_KEYS], flags);
    const docTemplate = doc.templateId === null ? null : docString(doc, 'templateId');
    let templateId: string | null | undefined = flags.unlinkTemplate ? null : (flags.template ?? docTemplate);
    checkId(id, 'card id');
    if (typeof templateId === 'string') checkId(templateId, 'template id');
    if (!Object.keys(changes).length && templateId === undefined) {
      throw new UsageError(
        'nothing to change: give --field, --email, --phone, --link, --data, --template or --unlink-template',
      );
    }
    if (!templateId || !(await hasUnknownKeys(changes))) await checkFieldKeys(changes, flags);
    const client = await ctx.api();
    // The card is read first (a read, also for --replace and --dry-run): what the update would clear
    // or rename is known, and asked about, before anything is written.
    const card = await getCard(client, id);
    // A card as printed: its own template (unchanged) is not sent again; other keys are not sent at all.
    const fromDoc = flags.template === undefined && !flags.unlinkTemplate;
    if (fromDoc && isPrintedCard(doc) && templateId === card.templateId) templateId = undefined;
    noteIgnoredOnUpdate(doc, card, ctx.msg);
    const targetId = templateId === undefined ? card.templateId : templateId;
    const template = targetId ? await fetchTemplateRules(ctx, targetId) : undefined;
    if (targetId) await checkFieldKeys(changes, flags, template);
    let fields: Record<string, unknown>;
    const losses: string[] = [];
    if (flags.replace) {
      // Exactly what was given: cleared scalars are simply left out, a section given as null is cleared.
      fields = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== null || isSection(k)));
      if (template) refuseTemplateProblems(templateProblems(fields, template, { sectionsKept: true }), template.id);
      for (const [key, value] of Object.entries(card.fields)) {
        if (SECTION_SET.has(key) || hasOwn(fields, key) || isBlank(value)) continue;
        if (own(changes, key) === null) continue; // cleared on purpose with an empty value
        losses.push(`clears ${key} (${shown(value)}): --replace sends only the fields given`);
      }
    } else {
      const merged = mergeFields(card.fields, changes, template);
      fields = merged.fields;
      if (template) refuseTemplateProblems(templateProblems(fields, template), template.id);
      for (const key of merged.dropped)
        losses.push(
          `clears ${key} (${shown(own(card.fields, key))}): template ${targetId} hides it and the API refuses to keep it`,
        );
      for (const key of merged.relocked) {
        const value = own(template?.policy.fields, key)?.value;
        losses.push(
          `replaces ${key} (${shown(own(card.fields, key))}) by ${shown(value)}: template ${targetId} locks it`,
        );
      }
    }
    // PATCH: "the card name follows the person's name".
    const nameAfter = personName(fields) ?? card.name;
    if (nameAfter !== card.name)
      losses.push(`renames the card "${card.name}" to "${nameAfter}" (the name follows first + last name)`);
    const body = templateId === undefined ? { fields } : { fields, templateId };
    if (flags.dryRun) {
      for (const line of losses) ctx.msg.say(`note: this update ${safeLine(line)}`);
      return dryRun('PATCH', `/cards/${id}`, body);
    }
    if (losses.length) {
      ctx.msg.say(
        `This update of ${card.id} (${safeLine(card.name)}):\n${losses.map((l) => `  ${safeLine(l)}\n`).join('')}`,
      );
      if (!(await confirm(ctx, 'Apply it?'))) throw new CliError('cancelled: nothing was changed', EXIT.usage);
    }
    const updated = await updateCard(client, id, body, { idempotencyKey: flags.idempotencyKey });
    return written(updated, updated.id);
  },
});
