// `cardqr print`: codes laid out into one print-ready PDF, plus `print audit` / `print retarget`
// over the ledger of earlier runs.
import { SHEET_PRESETS } from '../../jobs/print/sheets.js';
import { defineCommand } from '../model/define.js';
import { printAudit } from './audit.js';
import { parsePrintOptions, printArgs, printFlags } from './options.js';
import { printRetarget } from './retarget.js';

export const print = defineCommand({
  name: 'print',
  summary: 'Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)',
  args: printArgs,
  flags: printFlags,
  details: `
Sheets:
${SHEET_PRESETS.map((p) => `  ${p.name.padEnd(6)} ${p.description}`).join('\n')}

Output:
  The PDF's path on standard output (-o json: run id, file, pages, codes, ledger). Progress, the
  summary and warnings on standard error. Each run is recorded in the ledger (see print audit).
`,
  examples: [
    'cardqr print qr_1 qr_2 qr_3 --sheet L7651 -O sheet.pdf',
    'cardqr print crd_123 --size 30mm --caption name -O badge.pdf',
    'cardqr qr list --all -q | cardqr print - --sheet 5160 --verify -O labels.pdf',
    'cardqr print --from-report fair.csv.report.ndjson --sheet L7651 --caption shortCode --verify-links -O fair.pdf',
  ],
  commands: [printAudit, printRetarget],
  // The flags' rules (one layout, flags that go together, -O) refuse before anything is read or sent.
  check: ({ ids, ...flags }) => void parsePrintOptions(ids, flags),
  async run(ctx, input) {
    const { runPrintCommand } = await import('./run.js');
    return runPrintCommand(ctx, input);
  },
});
