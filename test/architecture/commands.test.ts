// Commands are data (docs/ARCHITECTURE.md, CLI): a command returns its result and the runner prints
// it. Checked on the syntax tree of every file of src/commands/ outside the runner (model/): no
// command writes stdout or decides by the output format, and no flags interface is written by hand
// (the input's type is derived from the definition's schemas).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, sourceFiles } from './imports.js';

/** Names that write stdout or read the format: the runner's (commands/model/print.ts) alone. */
const PRINTS = new Set([
  'printJson',
  'printLines',
  'printText',
  'printTextNow',
  'printBytes',
  'dataStream',
  'renderRecord',
  'renderList',
  'renderWritten',
  'renderResult',
  'chosenFormat',
  'summaryAsJson',
  'askedFormat',
]);

/** `file:line what` for each way `sf` prints or reads the format itself. */
export function printsItself(sf: ts.SourceFile): string[] {
  const found: string[] = [];
  const at = (n: ts.Node) => `${sf.fileName}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n) && PRINTS.has(n.text)) found.push(`${at(n)} ${n.text}`);
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'stdout') found.push(`${at(n)} ${n.getText(sf)}`);
    if (ts.isInterfaceDeclaration(n) && /Flags$/.test(n.name.text)) found.push(`${at(n)} interface ${n.name.text}`);
    n.forEachChild(visit);
  };
  visit(sf);
  return found;
}

const parse = (file: string, text = readFileSync(join(SRC, file), 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const commandFiles = () => sourceFiles().filter((f) => f.startsWith('commands/') && !f.startsWith('commands/model/'));

describe('commands return results; the runner prints', () => {
  test('no command file writes stdout, reads the format or declares a flags interface', () => {
    const found = commandFiles().flatMap((f) => printsItself(parse(f)));
    expect(found).toEqual([]);
  });

  test('the checker finds each kind (its own test)', () => {
    const planted = parse(
      'commands/x/y.ts',
      `interface XFlags { a?: string }
       export async function run(ctx) {
         const { printJson } = await import('../../output/query.js');
         ctx.io.stdout.write('x');
         if (chosenFormat(ctx.globals, false, 'result') === 'json') await printJson(ctx.io, 1, false);
       }`,
    );
    expect(printsItself(planted)).toEqual([
      'commands/x/y.ts:1 interface XFlags',
      'commands/x/y.ts:3 printJson',
      'commands/x/y.ts:4 ctx.io.stdout',
      'commands/x/y.ts:5 chosenFormat',
      'commands/x/y.ts:5 printJson',
    ]);
  });
});
