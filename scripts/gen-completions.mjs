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

mkdirSync(join(root, 'completions'), { recursive: true });
for (const [shell, name] of Object.entries(files)) {
  const script = execFileSync(process.execPath, [join(root, 'bin', 'cardqr'), 'completion', shell], {
    env,
    encoding: 'utf8',
  });
  const target = join(root, 'completions', name);
  let before = '';
  try {
    before = readFileSync(target, 'utf8');
  } catch {
    // first build
  }
  if (before !== script) {
    writeFileSync(target, script);
    console.log(`completions/${name} updated`);
  }
}

// The man page, from the same tree: man/cardqr.1 (installed by npm through package.json "man").
mkdirSync(join(root, 'man'), { recursive: true });
const page = execFileSync(process.execPath, [join(root, 'bin', 'cardqr'), '__man'], { env, encoding: 'utf8' });
const manFile = join(root, 'man', 'cardqr.1');
let manBefore = '';
try {
  manBefore = readFileSync(manFile, 'utf8');
} catch {
  // first build
}
if (manBefore !== page) {
  writeFileSync(manFile, page);
  console.log('man/cardqr.1 updated');
}
