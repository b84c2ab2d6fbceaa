// The names of the tool's own files inside its folders (the config, state, cache and data folders of
// src/config/paths.ts). One table, read by the writers of these files and by the registry of
// src/fs/own-files.ts, so a file cannot move without the registry moving with it. No imports: the
// profile store reads it at start-up.
export const OWN_NAMES = {
  /** `<configDir>/config.json`: profiles and their keys (src/config/profiles.ts). */
  profileStore: 'config.json',
  /** `<stateDir>/journal.json`: single writes whose outcome was lost (src/api/journal.ts). */
  journal: 'journal.json',
  /** `<stateDir>/emulator-ca/`: the emulator's local CA. */
  emulatorCa: 'emulator-ca',
  /** `<configDir>/print-runs/`: the print ledger (src/jobs/print/ledger.ts). */
  printRuns: 'print-runs',
  /** `<configDir>/image-index/`: which file each id went to in a -d folder (src/jobs/images/index-file.ts). */
  imageIndex: 'image-index',
  /** `<stateDir>/mcp-audit.ndjson` (and `.1` … `.5`): every tool call of `cardqr mcp` (src/mcp/audit.ts). */
  mcpAudit: 'mcp-audit.ndjson',
  /** `<stateDir>/mcp-token`: the bearer token of `cardqr mcp --http` (src/mcp/token.ts). */
  mcpToken: 'mcp-token',
  /** `<stateDir>/plans/`: agent plans, their reports and locks (src/plans/). */
  plans: 'plans',
  /** `<dataDir>/history.db`: the scan history store, with its `-wal`, `-shm` and `.lock` (src/history/). */
  history: 'history.db',
} as const;
