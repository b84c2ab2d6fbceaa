// `leads crm-report`: counts of leads by CRM status, then the leads that need a person. `error` is
// shown as the API sent it (a text, or JSON for anything else).
import type { CrmAttention, CrmReport } from '../../jobs/leads/crm-report.js';
import type { Column, View } from '../view.js';

export type { CrmAttention, CrmReport };

const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

const attentionColumns: Column<CrmAttention>[] = [
  { header: 'lead', value: 'id' },
  { header: 'created', value: (a) => asText(a.createdAt), style: 'date' },
  { header: 'status', value: 'status', style: 'status' },
  { header: 'card', value: (a) => (a.cardName ? `${asText(a.cardName)} (${asText(a.cardId)})` : asText(a.cardId)) },
  { header: 'error', value: (a) => asText(a.error) },
];

/** The record view of one report: a row per status present, and the leads that need a person. */
export function crmReportView(report: CrmReport): View<CrmReport> {
  return {
    columns: [],
    record: [
      { header: 'leads', value: 'total' },
      ...Object.keys(report.byStatus).map((status) => ({
        header: status,
        value: (r: CrmReport) => r.byStatus[status],
      })),
    ],
    csvItems: { items: (r) => r.needsAttention, view: { columns: attentionColumns } },
    sections: [
      {
        title: 'Need a person (failed, held, expired)',
        rows: (r) => r.needsAttention,
        columns: attentionColumns,
        none: 'none',
      },
    ],
  };
}
