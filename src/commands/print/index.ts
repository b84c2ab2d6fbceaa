// `cardqr print`: codes laid out into one print-ready PDF, plus `print audit` / `print retarget`
// over the ledger of earlier runs.
import { Command, Option } from 'commander';
import { action } from '../action.js';
import { SHEET_PRESETS } from '../../jobs/print/sheets.js';
import { intIn, repeatableOption } from '../flags.js';
import { example } from '../../help/annotations.js';
import type { PrintFlags } from './options.js';

export function printCommand(): Command {
  const cmd = new Command('print')
    .description('Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)')
    .argument('[id...]', 'card or QR code ids; - reads ids from standard input, one per line')
    .option('-O, --out <file.pdf>', 'the PDF to write (required; never overwritten without --force)')
    .addOption(new Option('--sheet <preset>', 'label sheet preset').choices(SHEET_PRESETS.map((p) => p.name)))
    .option('--grid <CxR>', 'custom label sheet: columns x rows (with --cell)')
    .option('--cell <WxH>', 'custom label size, such as 63.5x38.1mm')
    .option('--margin <top[,left]>', 'custom sheet: top and left margin (default: 0mm)')
    .option('--gap <x[,y]>', 'custom sheet: space between labels (default: 0mm)')
    .addOption(new Option('--page <size>', 'custom sheet paper (default: a4)').choices(['a4', 'letter']))
    .option('--padding <length>', 'space kept clear inside each label (default: 1.5mm)')
    .option('--size <length>', 'one code per page at this width, quiet zone included (such as 30mm or 1.2in)')
    .option('--bleed <length>', 'one code per page: bleed around the trim (default: 3mm)')
    .option('--caption <text>', "caption: name, url, shortCode, id, or a template such as '{name} · {shortCode}'")
    .addOption(
      repeatableOption(
        '--font <file>',
        'caption font (TrueType/OpenType), repeatable, in fallback order; built in: Helvetica (Latin-1)',
      ),
    )
    .option('--dpi <n>', 'printer resolution for the module-size floor (default: 300)', intIn(72, 4800))
    .option(
      '--include-inactive',
      'place codes whose link will not open (paused or archived) instead of leaving them off (exit 7)',
    )
    .option('--verify', 'decode every placed code and compare it with the object url; mismatches are left out (exit 7)')
    .option(
      '--verify-links',
      "ask each code's public link whether it opens (one HEAD request per code, redirects not followed; the service may count a check as a scan): a link answering 423, 404 or 410 is left out (exit 7). Off by default",
    )
    .option(
      '--from-report <file>',
      'also print every created or existing card of a campaign import report, or every created or updated code of a qr apply report',
    )
    .option('--force', 'replace the PDF if it exists')
    .addHelpText(
      'after',
      `
Sheets:
${SHEET_PRESETS.map((p) => `  ${p.name.padEnd(6)} ${p.description}`).join('\n')}

Output:
  The PDF's path on standard output (-o json: run id, file, pages, codes, ledger). Progress, the
  summary and warnings on standard error. Each run is recorded in the ledger (see print audit).
`,
    )
    .action(
      action(async (ctx, ids: string[], flags: PrintFlags) => {
        const { runPrintCommand } = await import('./run.js');
        await runPrintCommand(ids, flags, ctx);
      }),
    );
  example(
    cmd,
    'cardqr print qr_1 qr_2 qr_3 --sheet L7651 -O sheet.pdf',
    'cardqr print crd_123 --size 30mm --caption name -O badge.pdf',
    'cardqr qr list --all -q | cardqr print - --sheet 5160 --verify -O labels.pdf',
    'cardqr print --from-report fair.csv.report.ndjson --sheet L7651 --caption shortCode --verify-links -O fair.pdf',
  );

  cmd.addCommand(
    example(
      new Command('audit')
        .description('Re-read every code of a print run and list those now paused, deleted or pointing elsewhere')
        .argument('<run>', 'run id, last, or the path of a ledger file')
        .action(
          action(async (ctx, run: string) => {
            const { runAudit } = await import('./audit.js');
            await runAudit(run, ctx);
          }),
        ),
      'cardqr print audit last',
    ),
  );
  cmd.addCommand(
    example(
      new Command('retarget')
        .description('Point every QR code of a print run at one destination (cards have none to move)')
        .argument('<run>', 'run id, last, or the path of a ledger file')
        .requiredOption('--url <url>', 'the new destination, a full http or https URL')
        .option('--report <file>', 'an append-only NDJSON report of every change')
        .action(
          action(async (ctx, run: string, flags: { url: string; report?: string }) => {
            const { runRetarget } = await import('./retarget.js');
            await runRetarget(run, flags.url, ctx, { report: flags.report });
          }),
        ),
      'cardqr print retarget last --url https://example.com/campaign-over --yes',
    ),
  );
  return cmd;
}
