// `cardqr help <topic>` prints the docs/ pages shipped in the package; every page is reachable from the
// README, from the docs' table of contents and from `cardqr help`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/help/topics.js';
import { ROOT } from '../helpers/built-cli.js';
import { runCli } from '../helpers/run-cli.js';

const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

describe('cardqr help <topic>', () => {
  it('prints the page of each topic, as shipped', async () => {
    for (const [topic, { page }] of Object.entries(TOPICS)) {
      const r = await runCli(['help', topic]);
      expect([r.exitCode, r.stderr], topic).toEqual([0, '']);
      expect(r.stdout, topic).toBe(read(`docs/${page}`));
    }
  });

  it('no topic is named like a command (the command would hide it)', async () => {
    const help = (await runCli(['--help'])).stdout;
    for (const topic of Object.keys(TOPICS)) expect(help, topic).not.toMatch(new RegExp(`^  ${topic}\\b`, 'm'));
  });

  it('help topics lists them all; a name that is a command still shows the command', async () => {
    const r = await runCli(['help', 'topics']);
    expect(r.exitCode).toBe(0);
    for (const topic of Object.keys(TOPICS)) expect(r.stdout).toMatch(new RegExp(`^  ${topic} `, 'm'));
    const print = await runCli(['help', 'print']);
    expect([print.exitCode, print.stdout]).toEqual([0, expect.stringMatching(/\nUSAGE\n {2}cardqr print /)]);
    const none = await runCli(['help', 'no-such-topic']);
    expect(none.exitCode).toBe(2);
  });

  it('every docs page is a topic, linked from the README and from the table of contents', () => {
    const topicPages = new Set(Object.values(TOPICS).map((t) => t.page));
    expect(pages.filter((p) => !topicPages.has(p))).toEqual([]);
    const readme = read('README.md');
    const toc = read('docs/README.md');
    for (const p of pages) {
      expect(readme, p).toContain(`](docs/${p})`);
      expect(toc, p).toContain(`](${p})`);
    }
  });

  it('the README is an operator’s page: at most 250 lines, naming no test file', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(251);
    expect(readme).not.toMatch(/test\/[\w/.-]+\.test\.ts/);
  });
});
