// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'print',
  summary: 'Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)',
  examples: [
    'cardqr print qr_1 qr_2 qr_3 --sheet L7651 -O sheet.pdf',
    'cardqr print crd_123 --size 30mm --caption name -O badge.pdf',
    'cardqr qr list --all -q | cardqr print - --sheet 5160 --verify -O labels.pdf',
    'cardqr print --from-report fair.csv.report.ndjson --sheet L7651 --caption shortCode --verify-links -O fair.pdf',
  ],
  commands: [
    {
      name: 'audit',
      summary: 'Re-read every code of a print run and list those now paused, deleted or pointing elsewhere',
      examples: ['cardqr print audit last'],
      args: [
        {
          key: 'run',
          name: '<run>',
          help: 'run id, last, or the path of a ledger file',
        },
      ],
      runs: 'print audit',
    },
    {
      name: 'retarget',
      summary: 'Point every QR code of a print run at one destination (cards have none to move)',
      examples: ['cardqr print retarget last --url https://example.com/campaign-over --yes'],
      args: [
        {
          key: 'run',
          name: '<run>',
          help: 'run id, last, or the path of a ledger file',
        },
      ],
      options: [
        {
          key: 'url',
          flags: '--url <url>',
          help: 'the new destination, a full http or https URL',
          required: true,
        },
        {
          key: 'report',
          flags: '--report <file>',
          help: 'an append-only NDJSON report of every change',
        },
      ],
      runs: 'print retarget',
    },
  ],
  details:
    "\nSheets:\n  L7160  Avery L7160, 21 labels 63.5 × 38.1 mm (3 × 7), A4\n  L7163  Avery L7163, 14 labels 99.1 × 38.1 mm (2 × 7), A4\n  L7651  Avery L7651, 65 labels 38.1 × 21.2 mm (5 × 13), A4\n  5160   Avery 5160, 30 labels 2.625 × 1 in (3 × 10), US Letter\n  5163   Avery 5163, 10 labels 4 × 2 in (2 × 5), US Letter\n\nOutput:\n  The PDF's path on standard output (-o json: run id, file, pages, codes, ledger). Progress, the\n  summary and warnings on standard error. Each run is recorded in the ledger (see print audit).\n",
  args: [
    {
      key: 'ids',
      name: '[id...]',
      help: 'card or QR code ids; - reads ids from standard input, one per line',
    },
  ],
  options: [
    {
      key: 'out',
      flags: '-O, --out <file.pdf>',
      help: 'the PDF to write (required; never overwritten without --force)',
    },
    {
      key: 'sheet',
      flags: '--sheet <preset>',
      help: 'label sheet preset',
      choices: ['L7160', 'L7163', 'L7651', '5160', '5163'],
    },
    {
      key: 'grid',
      flags: '--grid <CxR>',
      help: 'custom label sheet: columns x rows (with --cell)',
    },
    {
      key: 'cell',
      flags: '--cell <WxH>',
      help: 'custom label size, such as 63.5x38.1mm',
    },
    {
      key: 'margin',
      flags: '--margin <top[,left]>',
      help: 'custom sheet: top and left margin (default: 0mm)',
    },
    {
      key: 'gap',
      flags: '--gap <x[,y]>',
      help: 'custom sheet: space between labels (default: 0mm)',
    },
    {
      key: 'page',
      flags: '--page <size>',
      help: 'custom sheet paper (default: a4)',
      choices: ['a4', 'letter'],
    },
    {
      key: 'padding',
      flags: '--padding <length>',
      help: 'space kept clear inside each label (default: 1.5mm)',
    },
    {
      key: 'size',
      flags: '--size <length>',
      help: 'one code per page at this width, quiet zone included (such as 30mm or 1.2in)',
    },
    {
      key: 'bleed',
      flags: '--bleed <length>',
      help: 'one code per page: bleed around the trim (default: 3mm)',
    },
    {
      key: 'caption',
      flags: '--caption <text>',
      help: "caption: name, url, shortCode, id, or a template such as '{name} · {shortCode}'",
    },
    {
      key: 'font',
      flags: '--font <file>',
      help: 'caption font (TrueType/OpenType), repeatable, in fallback order; built in: Helvetica (Latin-1)',
      repeatable: true,
    },
    {
      key: 'dpi',
      flags: '--dpi <n>',
      help: 'printer resolution for the module-size floor (default: 300)',
    },
    {
      key: 'includeInactive',
      flags: '--include-inactive',
      help: 'place codes whose link will not open (paused or archived) instead of leaving them off (exit 7)',
    },
    {
      key: 'verify',
      flags: '--verify',
      help: 'decode every placed code and compare it with the object url; mismatches are left out (exit 7)',
    },
    {
      key: 'verifyLinks',
      flags: '--verify-links',
      help: "ask each code's public link whether it opens (one HEAD request per code, redirects not followed; the service may count a check as a scan): a link answering 423, 404 or 410 is left out (exit 7). Off by default",
    },
    {
      key: 'fromReport',
      flags: '--from-report <file>',
      help: 'also print every created or existing card of a campaign import report, or every created or updated code of a qr apply report',
    },
    {
      key: 'force',
      flags: '--force',
      help: 'replace the PDF if it exists',
    },
  ],
  runs: 'print',
};

export const loaders: Loaders = {
  print: () => import('../print/index.js').then((m) => m.print),
  'print audit': () => import('../print/audit.js').then((m) => m.printAudit),
  'print retarget': () => import('../print/retarget.js').then((m) => m.printRetarget),
};
