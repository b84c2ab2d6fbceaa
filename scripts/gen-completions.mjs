#!/usr/bin/env node
// Writes completions/{cardqr.bash,_cardqr,cardqr.fish} and man/cardqr.1 from the built CLI (`npm run build` runs it
// after tsup). The scripts come from the command tree, so a new command or flag needs a rebuild;
// test/completion/files.test.ts fails when a committed file differs from the generator's output.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = { bash: 'cardqr.bash', zsh: '_cardqr', fish: 'cardqr.fish' };
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' };

/** Writes `file` (relative to the root) when its text changed, and says so. */
function writeIfChanged(file, text) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  let before = '';
  try {
    before = readFileSync(join(root, file), 'utf8');
  } catch {
    // first build
  }
  if (before !== text) {
    writeFileSync(join(root, file), text);
    console.log(`${file} updated`);
  }
}

const cardqr = (...args) =>
  execFileSync(process.execPath, [join(root, 'bin', 'cardqr'), ...args], { env, encoding: 'utf8' });
for (const [shell, name] of Object.entries(files)) writeIfChanged(`completions/${name}`, cardqr('completion', shell));
// The man page, from the same tree: man/cardqr.1 (installed by npm through package.json "man").
writeIfChanged('man/cardqr.1', cardqr('__man'));
