// The CRM delivery status of leads (`hubspot.status`, api-spec "lead"): the names --crm-status takes,
// and the counts of `leads crm-report`. Values the API adds later are shown as they come.
import { InvalidArgumentError } from 'commander';
import { CRM_NONE, CRM_STATUSES } from '../../jobs/leads/crm-report.js';

export { CRM_NONE, CRM_STATUSES, crmStatusOf, needsAttention } from '../../jobs/leads/crm-report.js';

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
