// What the dashboard reads besides the API: the history store (PRODUCT §18) and the agent plans
// (PRODUCT §17). Both come in as functions built by the command, so this folder depends on neither's
// files; each type is the part of theirs the page shows.

export type Period = 'day' | 'week' | 'month';

/** One id's scans in one period (a day `YYYY-MM-DD`, a week `YYYY-Www`, a month `YYYY-MM`). */
export interface HistoryRow {
  id: string;
  period: string;
  scans: number;
}

export interface HistoryQuery {
  by: Period;
  /** `YYYY-MM-DD`: periods from this day on. */
  since?: string;
}

/** The scans over time, per period, of every id the store holds. */
export type ReadHistory = (q: HistoryQuery) => Promise<HistoryRow[]>;

/** A plan as the page shows it (the fields of PlanView, src/plans/contract.ts, it reads). */
export interface PlanLine {
  plan_id: string;
  kind: string;
  summary: string;
  destructive: boolean;
  expires_at: string;
  state: string;
  approved: boolean;
  changes: Array<{
    id?: string;
    object: string;
    subject: string;
    action: string;
    fields: Record<string, { old: unknown; new: unknown }>;
  }>;
}

export type ReadPlans = () => Promise<PlanLine[]>;

/** What a store or plan folder that is not there yet answers: the panel says so. */
export interface Missing {
  missing: string;
}
