import { checkId } from '../../api/ids.js';
import { CREATE_STATUSES } from '../../api/rules.js';
import { cardFieldFlags, readFieldInput } from '../card-flags.js';
import { idempotencyKeyFlag } from '../common-flags.js';
import { parseName, parseShortCode } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { choice, flag, value } from '../model/fields.js';
import { dryRun, thenFail, written } from '../model/result.js';
import { safeLine } from '../../output/sanitize.js';
import { cardFields, cardView } from './card-output.js';
import { isPrintedCard, noteIgnoredOnCreate, PRINTED_CARD_KEYS, refuseOtherObject } from './printed-card.js';
import {
  checkDocKeys,
  checkFieldKeys,
  docString,
  fetchTemplateRules,
  hasUnknownKeys,
  refuseTemplateProblems,
} from './input.js';

export const cardsCreate = defineCommand({
  name: 'create',
  summary: "Create a business card (published by default; counts against the plan's card allowance)",
  flags: {
    name: value(
      '--name <name>',
      'label shown in the dashboard, 1-200 characters (default: first + last name)',
      parseName,
    ),
    template: value(
      '--template <template-id>',
      'template whose design and field rules the card takes (rules are checked before sending)',
    ),
    shortCode: value(
      '--short-code <code>',
      'slug of the public URL: letters, digits, hyphens, up to 100 (default: random 8 characters)',
      parseShortCode,
    ),
    status: choice('--status <status>', 'initial status (default: published)', CREATE_STATUSES),
    allowEmpty: flag(
      '--allow-empty',
      'create the card even with no field given (an "Untitled card" still counts against the allowance)',
    ),
    dryRun: flag(
      '--dry-run',
      'print the request body that would be sent and send nothing (the template is still read to check its rules)',
    ),
    ...cardFieldFlags,
    idempotencyKey: idempotencyKeyFlag,
  },
  examples: [
    'cardqr cards create --field firstName=Ada --field lastName=Lovelace --email Work=ada@example.com',
    'cardqr cards create --template tpl_corporate --short-code ada-lovelace --data @ada.json',
    'cat ada.json | cardqr cards create --data - -o json',
    'cardqr cards create --data @ada.json --dry-run',
  ],
  fields: cardFields,
  view: cardView,
  async run(ctx, flags) {
    const { createCard } = await import('../../api/cards.js');
    const { templateProblems, withoutCleared } = await import('../../api/card-rules.js');
    const { UsageError } = await import('../../errors.js');
    const { fields, doc } = await readFieldInput(flags, ctx);
    refuseOtherObject(doc);
    checkDocKeys(doc, ['name', 'templateId', 'shortCode', 'status', ...PRINTED_CARD_KEYS], flags);
    const printed = isPrintedCard(doc);
    if (printed) noteIgnoredOnCreate(doc, ctx.msg);
    // A card as printed may be paused or archived: a new card starts draft or published, so that status
    // is not sent (said in a note); in a hand-written document it is refused below.
    let docStatus = docString(doc, 'status');
    if (printed && docStatus !== undefined && !(CREATE_STATUSES as readonly string[]).includes(docStatus)) {
      ctx.msg.note(
        `--data: status ${safeLine(docStatus)} not sent: a new card is draft or published (default published)`,
      );
      docStatus = undefined;
    }
    const templateId = flags.template ?? docString(doc, 'templateId');
    if (templateId !== undefined) checkId(templateId, 'template id');
    // Unknown keys are refused before any request; a template may declare further keys, so fetch it
    // only when it could settle the doubt.
    if (!templateId || !(await hasUnknownKeys(fields))) await checkFieldKeys(fields, flags);
    const template = templateId ? await fetchTemplateRules(ctx, templateId) : undefined;
    if (templateId) await checkFieldKeys(fields, flags, template);
    const body = {
      fields: withoutCleared(fields),
      name: flags.name ?? docString(doc, 'name', parseName),
      templateId,
      shortCode: flags.shortCode ?? docString(doc, 'shortCode', parseShortCode),
      status: flags.status ?? (docStatus as 'draft' | 'published' | undefined),
    };
    if (body.status !== undefined && !(CREATE_STATUSES as readonly string[]).includes(body.status)) {
      throw new UsageError(`--data: status must be one of ${CREATE_STATUSES.join(', ')}`);
    }
    if (template) refuseTemplateProblems(templateProblems(body.fields, template), template.id);
    if (!Object.keys(body.fields).length && !flags.allowEmpty) {
      throw new UsageError(
        'no field given: the card would be empty ("Untitled card") yet count against the plan\'s card allowance; nothing was sent',
        ['give --field, --email, --phone, --link or --data; or pass --allow-empty to create an empty card on purpose'],
      );
    }
    if (flags.dryRun) return dryRun('POST', '/cards', body);
    const card = await createCard(await ctx.api(), body, { idempotencyKey: flags.idempotencyKey });
    if (card.paused) {
      ctx.msg.warn(
        `card ${card.id} was created but is paused (paused: true): the plan does not cover it, so ${card.url} does not open`,
      );
    }
    const done = written(card, card.id);
    // Compared: the template and the text fields sent (an unknown key let through by
    // --allow-unknown-fields is dropped by the API, as the tool warned; an empty text may come back unset).
    const [{ createdNotShown, unshownValues }, { SCALAR_KEYS }] = await Promise.all([
      import('../created.js'),
      import('../../api/card-rules.js'),
    ]);
    const sentText = Object.fromEntries(
      SCALAR_KEYS.flatMap((k) =>
        typeof body.fields[k] === 'string' && body.fields[k] !== '' ? [[k, body.fields[k]]] : [],
      ),
    );
    const differences = [
      ...unshownValues({ templateId: body.templateId }, card as unknown as Record<string, unknown>),
      ...unshownValues(sentText, (card.fields ?? {}) as Record<string, unknown>, undefined, 'fields.'),
    ];
    if (!differences.length) return done;
    return thenFail(
      done,
      createdNotShown('card', card.id, differences, `cardqr cards update ${card.id} --field … (or --data)`),
    );
  },
});
