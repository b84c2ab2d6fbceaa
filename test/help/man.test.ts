// cardqr(1): the committed man/cardqr.1 is what `cardqr __man` writes from the command tree, it names
// every command, roff renders it without a warning, and text from the tree cannot inject a request.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands, buildTree } from '../../src/completion/tree.js';
import { buildDeps } from '../../src/deps.js';
import { roff } from '../../src/help/man.js';
import { createProgram } from '../../src/program.js';
import { ROOT } from '../helpers/built-cli.js';
import { runCli } from '../helpers/run-cli.js';

describe('the man page', () => {
  it('man/cardqr.1 is what `cardqr __man` prints (npm run build writes it)', async () => {
    const r = await runCli(['__man']);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(readFileSync(join(ROOT, 'man', 'cardqr.1'), 'utf8')).toBe(r.stdout);
  });

  it('has a section for every visible command, the global options, environment and exit statuses', async () => {
    const page = (await runCli(['__man'])).stdout;
    const deps = buildDeps({ io: {} as never, env: {}, readStdin: async () => '' });
    const paths = allCommands(buildTree(await createProgram(deps)).root)
      .map((c) => c.path.join(' '))
      .filter((p) => p && !p.split(' ').some((w) => w.startsWith('__')));
    expect(paths.length).toBeGreaterThan(40);
    for (const p of paths) expect(page, p).toContain(`.SS ${roff(p)}\n`);
    for (const s of ['.SH GLOBAL OPTIONS', '.SH ENVIRONMENT', '.SH EXIT STATUS', '.B CARDQR_API_KEY', '.B 130'])
      expect(page).toContain(s);
  });

  it('renders with groff without a warning', () => {
    const groff = spawnSync('groff', ['--version']);
    expect(groff.error, 'groff is needed (Debian: groff-base; .ci/run installs it)').toBeUndefined();
    const page = execFileSync(process.execPath, [join(ROOT, 'bin', 'cardqr'), '__man'], { encoding: 'utf8' });
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww'], { input: page, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/qr apply/);
  });

  it('roff(): a leading dot or quote cannot start a request; backslashes and dashes are escaped', () => {
    expect(roff('.TH evil')).toBe('\\&.TH evil');
    expect(roff("'br")).toBe("\\&'br");
    expect(roff('a\\fBb')).toBe('a\\efBb');
    expect(roff('--yes')).toBe('\\-\\-yes');
    expect(roff('ok\n.SH X')).toBe('ok\n\\&.SH X');
    expect(roff('a … é 😀')).toBe('a \\[u2026] \\[u00E9] \\[u1F600]'); // any man reads it, with or without preconv
  });
});
