// The CRM (HubSpot) delivery report over every lead: counts by status and the leads that need a person.
// Shared by `leads crm-report` and the MCP tool `crm_report`.
import type { ApiClient } from '../../api/client.js';

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

export interface CrmAttention {
  id: string;
  createdAt: unknown;
  status: string;
  error: unknown;
  cardId: unknown;
  cardName: unknown;
}

export interface CrmReport {
  object: 'crm_report';
  total: number;
  /** Known statuses in the API's order, then others as they came, then `none` (no CRM on the form). */
  byStatus: Record<string, number>;
  needsAttention: CrmAttention[];
}

/** Reads every lead (all pages) created at or after `since`. */
export async function crmReport(
  client: ApiClient,
  q: { since?: string; includeArchived?: boolean },
  signal?: AbortSignal,
): Promise<CrmReport> {
  const { listLeadsRaw } = await import('../../api/leads.js');
  const counts = new Map<string, number>();
  const needs: CrmAttention[] = [];
  let total = 0;
  const leads = listLeadsRaw(
    client,
    { since: q.since, includeArchived: q.includeArchived || undefined },
    { all: true, signal },
  );
  for await (const lead of leads) {
    total++;
    const status = crmStatusOf(lead);
    counts.set(status, (counts.get(status) ?? 0) + 1);
    if (needsAttention(status)) {
      const h = lead.hubspot as { error?: unknown };
      needs.push({
        id: lead.id,
        createdAt: lead.createdAt,
        status,
        error: h.error ?? null,
        cardId: lead.cardId,
        cardName: lead.cardName,
      });
    }
  }
  const byStatus: Record<string, number> = {};
  for (const st of CRM_STATUSES) byStatus[st] = counts.get(st) ?? 0;
  for (const [st, n] of counts) if (st !== CRM_NONE && !(st in byStatus)) byStatus[st] = n;
  byStatus[CRM_NONE] = counts.get(CRM_NONE) ?? 0;
  return { object: 'crm_report', total, byStatus, needsAttention: needs };
}
