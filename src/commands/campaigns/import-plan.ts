// `campaigns import --update`'s plan in words (stderr) and as data (-o json): would create N, update M
// (each changed field old → new), unchanged K, invalid J, and with --trash-missing the cards to Trash.
import type { SyncPlan } from '../../jobs/import/types.js';
import { safeLine } from '../../output/sanitize.js';

/** Rows listed by name on the terminal; the rest are counted (-o json lists every one). */
export const SHOWN = 30;

const show = (v: unknown) => {
  const text = v === null || v === undefined ? '(none)' : typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** The headline, then one line per update and per card to trash (at most SHOWN of each). */
export function planLines(plan: SyncPlan): string[] {
  const c = plan.counts;
  const trash = plan.maxTrash !== undefined ? `, trash ${c.trash} (--trash-missing, at most ${plan.maxTrash})` : '';
  const done = plan.alreadyDone ? `; ${plan.alreadyDone} rows already done by an earlier run` : '';
  const lines = [
    `plan for ${plan.file} into ${plan.campaignId}: would create ${c.create}, update ${c.update}, unchanged ${c.unchanged}, invalid ${c.invalid}${trash}${done}`,
  ];
  for (const u of plan.updates.slice(0, SHOWN)) {
    const changes = u.changes.map((ch) => `${ch.field} ${show(ch.from)} → ${show(ch.to)}`).join(', ');
    const notes = u.notes.length ? `; also ${u.notes.join(', ')}` : '';
    lines.push(safeLine(`  line ${u.line} ${u.externalId} (${u.cardId}): update ${changes}${notes}`));
  }
  if (plan.updates.length > SHOWN)
    lines.push(`  … and ${plan.updates.length - SHOWN} more updates (-o json lists every one)`);
  for (const p of plan.invalid.slice(0, SHOWN))
    lines.push(safeLine(`  line ${p.line} ${p.externalId ?? ''}: invalid: ${p.message}`));
  if (plan.invalid.length > SHOWN) lines.push(`  … and ${plan.invalid.length - SHOWN} more invalid rows`);
  for (const t of plan.trash.slice(0, SHOWN))
    lines.push(
      safeLine(`  trash ${t.externalId} (${t.cardId}, ${t.name}, short code ${t.shortCode}): not in the file`),
    );
  if (plan.trash.length > SHOWN) lines.push(`  … and ${plan.trash.length - SHOWN} more cards to Trash`);
  return lines;
}

/** The plan as data: counts, every update with its changes, every card to trash, every invalid row. */
export function planData(plan: SyncPlan) {
  return {
    campaignId: plan.campaignId,
    file: plan.file,
    ...plan.counts,
    alreadyDone: plan.alreadyDone,
    ...(plan.maxTrash !== undefined ? { maxTrash: plan.maxTrash } : {}),
    updates: plan.updates,
    toTrash: plan.trash,
    invalidRows: plan.invalid.map((p) => ({
      line: p.line,
      externalId: p.externalId,
      errorCode: p.code,
      message: p.message,
    })),
  };
}
