// What goes into the import engine and what comes out: options and narrow deps in, data out. The
// command (commands/campaigns/import.ts) turns flags into these options and the summary into text and
// an exit status; the engine never prints.
import type { JobDeps } from '../rows/deps.js';
import type { Tally } from './summary.js';
import type { ReportRow, TrashReportRow } from './report.js';
import type { Sent } from '../rows/loop.js';
import type { FieldChange } from './fields.js';

/** One problem of one CSV row (validation, spreadsheet damage, a plan that cannot hold the row). */
export interface RowProblem {
  line: number;
  externalId: string | null;
  /** The API's code where one matches (missing_external_id, invalid_short_link, payload_too_large …). */
  code: string;
  message: string;
}

/** One row on its way to the API: the exact JSON sent (canonical), hashed into `key`. */
export interface Job {
  kind?: 'create';
  line: number;
  externalId: string | null;
  body: string;
  key: string;
}

/** A card of the campaign (a card of its template with an identifier), as --update and --trash-missing see it. */
export interface CampaignCard {
  id: string;
  externalId: string;
  name: string;
  shortCode: string;
  url: string;
  paused: boolean;
  status: string;
  updatedAt: string;
  fields: Record<string, unknown>;
}

/** --update: a row whose card differs (one PATCH of the complete fields), or one that already matches. */
export type UpdateJob = {
  kind: 'update';
  line: number;
  externalId: string;
  card: CampaignCard;
  fields: Record<string, unknown>;
  changes: FieldChange[];
  key: string;
};
export type UnchangedJob = { kind: 'unchanged'; line: number; externalId: string; card: CampaignCard };
/** --trash-missing: a card of the campaign whose identifier the file does not hold (DELETE: to Trash). */
export type TrashJob = { kind: 'trash'; line: null; externalId: string; card: CampaignCard; key: string };
export type SyncJob = UpdateJob | UnchangedJob | TrashJob;
export type ImportJob = Job | SyncJob;

/** --update's plan, before anything is sent (rows of earlier runs, --resume, are not in it). */
export interface SyncPlan {
  campaignId: string;
  file: string;
  counts: { create: number; update: number; unchanged: number; invalid: number; trash: number };
  /** Rows an earlier run of this report finished (--resume): not planned again. */
  alreadyDone: number;
  /** Every row to update, with each changed field (old → new) and what the service does beyond them. */
  updates: Array<{ line: number; externalId: string; cardId: string; changes: FieldChange[]; notes: string[] }>;
  /** Rows the template's rules refuse (their update would be answered 422): nothing is sent for them. */
  invalid: RowProblem[];
  /** --trash-missing: the cards to move to Trash (empty without it). */
  trash: Array<{ cardId: string; externalId: string; name: string; shortCode: string }>;
  /** --trash-missing's bound (--max-trash). */
  maxTrash?: number;
}

/** What sending a row gave: its report line, and a fatal error when no later row can succeed. */
export type RowSent = Sent<ReportRow>;
/** What sending a change of --update / --trash-missing gave (a trash has no line of the file). */
export type ChangeSent = Sent<ReportRow | TrashReportRow>;

/** What reading and checking the file takes (all that --validate-only uses). */
export interface CheckOptions {
  campaignId: string;
  file: string;
  report?: string;
  delimiter?: string;
  encoding?: string;
  /** Requests per minute at most (the key's own limit from GET /me applies anyway). */
  rate?: number;
  maxRows?: number;
  /** Mapped campaigns: the record path (column) holding the identifier; without it the dry run resolves each row's. */
  idColumn?: string;
  /** CSV of the rows that failed or were invalid, with line, errorCode and message columns. */
  rejects?: string;
  /** --map / --map-file: a column of the file → the column it stands for. */
  columnMap?: ReadonlyMap<string, string>;
  /** --validate-only: the local checks only (no dry-run request). */
  offline?: boolean;
  /** --set path=value: a constant for every row (jobs/import/constants.ts). */
  set?: ReadonlyArray<readonly [path: string, value: string]>;
  /** The --map entries and --map-file as given (the resume command repeats them). */
  mapFlags?: { map: string[]; mapFile?: string };
}

export interface ImportOptions extends CheckOptions {
  /** Send every row to the dry-run endpoint: creates nothing. */
  dryRun: boolean;
  resume: boolean;
  concurrency: number;
  skipInvalid: boolean;
  /** Rows whose identifier already has a card of the campaign update it (one PATCH when it differs). */
  update?: boolean;
  /** With update: cards of the campaign whose identifier the file lacks go to Trash (at most maxTrash). */
  trashMissing?: boolean;
  maxTrash?: number;
}

export type ImportMode = 'import' | 'dry-run';

/** `api()` is asked for only after the file's first lines were checked. */
export interface ImportDeps extends JobDeps {
  /** Recorded in the report's header. */
  version: string;
  /** Something the user should hear about while the engine works (the command words and prints it). */
  onNotice?: (notice: ImportNotice) => void;
  /** Sending starts: `total` rows will be counted (awaited, so the UI can load its spinner). */
  onSending?: (total: number) => Promise<void> | void;
  /** After each row's outcome is recorded. */
  onProgress?: (tally: Tally) => void;
  /** Sending is over (also when it stopped early or failed). */
  onSent?: () => void;
  /** --update: the plan, before anything is written (also for --dry-run, which stops after it). */
  onPlan?: (plan: SyncPlan) => Promise<void> | void;
  /**
   * --update: whether to send a plan that updates or trashes cards (the command asks on a terminal, or
   * throws its refusal). Not called for a plan of creations only, nor for --dry-run.
   */
  confirm?: (plan: SyncPlan) => Promise<boolean>;
}

/**
 * Whether -q silences one is the command's call: rejects-columns-ignored and resolving-ids are success
 * chatter; the others name rows that will not be imported, a report or a campaign to look at.
 */
export type ImportNotice =
  | { kind: 'rejects-columns-ignored'; file: string }
  | { kind: 'delimiter-sniffed'; delimiter: string; file: string }
  | { kind: 'columns-matched'; notes: string[] }
  | { kind: 'report-started-fresh'; report: string; existed: boolean }
  /** A changed file, or the same file after a finished run: a new run appended to the report (`runs` before it). */
  | { kind: 'report-new-run'; report: string; runs: number }
  /** The report ended in a line cut short (an earlier run killed mid-write): `bytes` cut off before appending. */
  | { kind: 'report-torn'; report: string; bytes: number }
  | { kind: 'campaign-closed'; message: string }
  | { kind: 'schema-stale' }
  | { kind: 'resolving-ids'; campaignId: string }
  | { kind: 'skipping-invalid'; count: number; first: RowProblem[]; report: string }
  | { kind: 'invalid-after-max-rows'; count: number; maxRows: number; report: string }
  | { kind: 'template-unreadable'; templateId: string }
  | { kind: 'listing-cards'; campaignId: string; templateId: string };

/** The --rejects file, once written (or the reason it could not be; the file before is unchanged). */
export type RejectsResult = { path: string; rows: number } | { path: string; error: string };

export interface ImportSummary {
  campaignId: string;
  file: string;
  mode: ImportMode;
  report: string;
  /** How sending ended: every row done, Ctrl-C, or an answer no later row could get past (`fatal`). */
  stopped: 'done' | 'interrupted' | 'fatal';
  /** What stopped it: the API's error, or an `ImportStop` the engine found. */
  fatal?: Error;
  /** The outcomes of this run's rows (invalid ones included). */
  tally: Tally;
  /** Rows an earlier run recorded created or exists (--resume): not sent again. */
  alreadyDone: number;
  /** Cards created paused (the plan no longer covers them): their public URLs do not open. */
  paused: number;
  /** Rows the file check found invalid (within --max-rows). */
  invalidInFile: number;
  /** Rows after --max-rows that this run did not send, and how many of those are invalid. */
  beyond: number;
  laterInvalid: number;
  rejects?: RejectsResult;
  /** --update: the plan the run sent (or, for --dry-run, stopped after). */
  plan?: SyncPlan;
}

export interface ValidationSummary {
  campaignId: string;
  file: string;
  /** Data rows checked (every one passed). */
  rows: number;
  /** The sample sent to the campaign's dry run (sample.ts), or why none was. */
  sampled: { sent: number } | { skipped: 'offline' | 'no-scope' };
  report?: string;
  rejects?: RejectsResult;
}
