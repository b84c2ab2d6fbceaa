// The CRM delivery status of leads (`hubspot.status`, api-spec "lead"): the names --crm-status takes,
// and the counts of `leads crm-report`. Values the API adds later are shown as they come.
import { InvalidArgumentError } from 'commander';

export const CRM_STATUSES = [
  'sent',
  'pending',
  'retrying',
  'failed',
  'held_locked',
  'held_plan',
  'held_disconnected',
  'skipped_no_email',
  'expired',
] as const;

/** `none`: the lead's form does not send to the CRM (hubspot is null). */
export const CRM_NONE = 'none';

/** Statuses that need a person: the CRM will not get the lead by itself. */
export function needsAttention(status: string): boolean {
  return status === 'failed' || status === 'expired' || status.startsWith('held_');
}

/** A lead's status as the API wrote it, or `none`. */
export function crmStatusOf(lead: object): string {
  const h = (lead as { hubspot?: unknown }).hubspot as { status?: unknown } | null | undefined;
  if (h === null || h === undefined) return CRM_NONE;
  return typeof h.status === 'string' ? h.status : JSON.stringify(h.status ?? null);
}

/** --crm-status sent,failed,none: each name checked (exit 2 for an unknown one). */
export function crmStatusFlag(value: string): string[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const allowed: readonly string[] = [...CRM_STATUSES, CRM_NONE];
  const bad = names.filter((n) => !allowed.includes(n));
  if (!names.length || bad.length)
    throw new InvalidArgumentError(
      `${bad.length ? `unknown status ${bad.map((b) => `"${b}"`).join(', ')}` : 'no status given'}: expected one or more of ${allowed.join(', ')}, comma-separated.`,
    );
  return [...new Set(names)];
}
