// Issue 22, class 3: untrusted text written into structured files and looked up as object keys. Lead
// values from a server become vCard, CSV and NDJSON records escaped at each format's own rules (parsed
// back: exactly one record per lead, the exact values); profile names are completion candidates that no
// shell evaluates; JS prototype names (`__proto__`, `constructor`, `toString` ...) are plain keys
// everywhere: card field keys, --field keys, caption placeholders, CSV columns, profile names.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { bashComplete, fishComplete, zshComplete, type ShellEnv } from '../helpers/shells.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('structured-text');
const emu = useEmulator();

const INJECT = '\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Injected';
const HOSTILE = [
  {
    id: `x${INJECT}`,
    name: 'Ann; Lee, \\Jr',
    company: `Evil Corp${INJECT}2`,
    title: 'T;x,y\\z\nline two',
    answer: `v${INJECT}3`,
  },
  { id: 'lead;a,b\\c:d', name: 'Bo: "Q"', company: 'A,B;C', title: 'CTO\r\nEND:VCARD', answer: 'x\\ny' },
  { id: 'lead_\u2028sep', name: 'Zoë ☃', company: 'semi;colon', title: '\\', answer: ',;:' },
];

async function addHostileLeads(): Promise<void> {
  const leads = HOSTILE.map((h) => ({
    id: h.id,
    cardId: 'crd_kenji',
    source: 'form',
    trigger: 'after_save',
    formName: 'Form',
    createdAt: '2030-01-01T00:00:00.000Z',
    read: false,
    archived: false,
    locked: false,
    answers: [{ fieldId: 'f1', label: 'Message', type: 'text', value: h.answer }],
    marketingOptIn: null,
    consentAt: null,
    country: 'FR',
    city: 'Lyon',
    hubspot: null,
    contact: { name: h.name, email: 'e@x.example', phone: '', company: h.company, title: h.title },
  }));
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leads }),
  });
  expect(res.status).toBe(200);
}

describe('lead values from the server, escaped at each format', () => {
  it.each(['4.0', '3.0'])('vCard %s: one contact per lead, the exact values', async (version) => {
    await addHostileLeads();
    const all = await runCli(['leads', 'list', '--all', '-o', 'json'], { emu });
    const unlocked = (JSON.parse(all.stdout) as Array<{ locked: boolean }>).filter((l) => !l.locked).length;
    const r = await runCli(['leads', 'list', '--all', '-o', 'vcf', '--vcard-version', version], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const cards = (ICAL.parse(r.stdout) as unknown as any[][]).map((c) => new ICAL.Component(c));
    expect(cards).toHaveLength(unlocked);
    expect(cards.filter((c) => String(c.getFirstPropertyValue('fn')).startsWith('Injected'))).toEqual([]);
    for (const h of HOSTILE) {
      // RFC 2426 (3.0) escapes ";" in every text value; ical.js's 3.0 reader keeps that backslash.
      const val = (c: ICAL.Component, prop: string) => {
        const v = String(c.getFirstPropertyValue(prop));
        return version === '3.0' ? v.replace(/\\;/g, ';') : v;
      };
      const uid = (c: ICAL.Component) => val(c, 'uid');
      const want = version === '4.0' ? `urn:cardqr:lead:${encodeURIComponent(h.id)}` : `cardqr-lead-${h.id}`;
      const mine = cards.filter((c) => uid(c) === want.replace(/\r\n/g, '\n'));
      expect(mine, h.id).toHaveLength(1);
      const card = mine[0];
      const text = (prop: string) => val(card, prop);
      expect(text('fn')).toBe(h.name);
      expect(text('title')).toBe(h.title.replace(/\r\n/g, '\n'));
      const org = card.getFirstPropertyValue('org');
      expect(Array.isArray(org) ? org.join(';') : org).toBe(h.company.replace(/\r\n/g, '\n'));
      expect(text('note')).toContain(`Message: ${h.answer.replace(/\r\n/g, '\n')}`);
      counts.structuredText++;
    }
  });

  it('CSV and NDJSON: one record per lead, the exact values', async () => {
    await addHostileLeads();
    const csv = await runCli(['leads', 'list', '--all', '-o', 'csv', '--fields', 'id,contact.company,contact.title'], {
      emu,
    });
    expect(csv.exitCode, csv.stderr).toBe(0);
    const rows = parseCsv(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    const nd = await runCli(['leads', 'list', '--all', '-o', 'ndjson'], { emu });
    const lines = nd.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length);
    const records = lines.map((l) => JSON.parse(l) as { id: string; contact: { company: string; title: string } });
    for (const h of HOSTILE) {
      expect(rows.filter((r) => r.id === h.id)).toEqual([
        { id: h.id, 'contact.company': h.company, 'contact.title': h.title },
      ]);
      expect(records.filter((r) => r.id === h.id).map((r) => [r.contact.company, r.contact.title])).toEqual([
        [h.company, h.title],
      ]);
      counts.structuredText += 2;
    }
  });
});

describe('profile names in shell completion are never evaluated', () => {
  let sh: ShellEnv;
  let sentinel: string;
  const scripts: Record<string, string> = {};
  const names = (dir: string) => [
    `$(touch ${dir}/P1)`,
    `\`touch ${dir}/P2\``,
    `a;touch ${dir}/P3`,
    `$((7*6))`,
    '*',
    'a b',
    "it's",
    `x\ntouch ${dir}/P4`,
    'prod',
  ];

  beforeAll(async () => {
    sentinel = tempDir('cardqr-sentinel-');
    const configDir = tempDir('cardqr-hostile-profiles-');
    const profiles = Object.fromEntries(
      names(sentinel).map((n) => [n, { name: n, baseUrl: 'https://api.example.com/v1' }]),
    );
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles, defaultProfile: 'prod' }), {
      mode: 0o600,
    });
    const dir = tempDir('cardqr-shells-');
    for (const [shell, file] of [
      ['bash', 'cardqr.bash'],
      ['zsh', 'zfunc/_cardqr'],
      ['fish', 'cardqr.fish'],
    ]) {
      const r = await runCli(['completion', shell]);
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync((scripts[shell] = join(dir, file)), r.stdout);
    }
    scripts.zshDir = join(dir, 'zfunc');
    sh = { dir, cwd: sentinel, env: { PATH: `${ROOT}bin:${NODE_FIRST_PATH}`, CARDQR_CONFIG_DIR: configDir } };
    await ensureFreshBuild();
  }, 180_000);

  const LINES = ['cardqr --profile ', 'cardqr profiles use ', 'cardqr --profile $', 'cardqr --profile a', 'cardqr -p '];
  const installed = (cmd: string) => {
    try {
      execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const shells: Array<[string, () => Promise<string[][]>]> = [
    ['bash', () => bashComplete(sh, scripts.bash, LINES, false)],
    ...(installed('zsh')
      ? [['zsh', () => zshComplete(sh, scripts.zshDir, LINES)] as [string, () => Promise<string[][]>]]
      : []),
    ...(installed('fish')
      ? [['fish', () => fishComplete(sh, scripts.fish, LINES)] as [string, () => Promise<string[][]>]]
      : []),
  ];

  it.each(shells)('%s: every name offered as text, nothing executed, nothing expanded', async (_shell, complete) => {
    const got = await complete();
    expect(readdirSync(sentinel)).toEqual([]);
    const all = got[0];
    // The name with a line break is no candidate; each other name is offered once (quoted for the shell).
    expect(all).toHaveLength(names(sentinel).length - 1);
    expect(all.join('\n')).not.toMatch(/^42$|P4/m);
    expect(all.some((c) => c.includes('touch') && c.includes('P1'))).toBe(true);
    expect(got[1]).toEqual(all);
    expect(got[3].every((c) => c.startsWith('a'))).toBe(true);
    expect(existsSync(join(sentinel, 'P1'))).toBe(false);
    counts.structuredText += LINES.length;
  });
});

describe('JS prototype names are plain keys', () => {
  const PROTO = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(PROTO)('%s as a card field key (--data, --field, cards update): "unknown field", exit 2', async (k) => {
    for (const args of [
      ['cards', 'create', '--data', `{"fields":{"firstName":"Ann","${k}":"x"}}`],
      ['cards', 'create', '--data', `{"firstName":"Ann","${k}":"x"}`],
      ['cards', 'create', '--field', 'firstName=Ann', '--field', `${k}=x`],
      ['cards', 'create', '--field', 'firstName=Ann', '--field', `address.${k}=x`],
      ['cards', 'update', 'crd_jose', '--field', `${k}=x`],
    ]) {
      const r = await runCli(args, { emu });
      expect([r.exitCode, r.stderr], JSON.stringify(args)).toEqual([2, expect.stringContaining(`unknown field "`)]);
      expect(r.stderr).toContain(k);
      expectNoStack(r.stderr);
      expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
      counts.structuredText++;
    }
  });

  it.each(PROTO)('%s with --allow-unknown-fields: sent as the key it is, never dropped', async (k) => {
    const r = await runCli(
      ['cards', 'create', '--field', 'firstName=Ann', '--field', `${k}=x`, '--allow-unknown-fields', '-o', 'json'],
      { emu },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const [post] = emu.requests({ method: 'POST', path: '/cards' });
    const fields = (post.body as { fields: Record<string, unknown> }).fields;
    expect(Object.hasOwn(fields, k) && fields[k]).toBe('x');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    counts.structuredText++;
  });

  it.each(PROTO)('%s as a caption: refused as an unknown placeholder, exit 2, nothing sent', async (k) => {
    const dir = tempDir('cardqr-caption-');
    for (const caption of [`{${k}}`, `{name} {${k}}`, k]) {
      const r = await runCli(['print', 'qr_menu', '--size', '30mm', '--caption', caption, '-O', join(dir, 'x.pdf')], {
        emu,
      });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(caption === k ? /--caption .*: expected name, url/ : /unknown placeholder/);
      expect(r.stdout).not.toContain('[object Object]');
      expectNoStack(r.stderr);
      expect(emu.requests()).toEqual([]);
      counts.structuredText++;
    }
  });

  it.each(PROTO)('%s as a CSV column: an unknown column, exit 2, no crash', async (k) => {
    const dir = tempDir('cardqr-proto-csv-');
    for (const [campaign, header] of [
      ['cmp_native', `externalId,firstName,lastName,${k}`],
      ['cmp_native', `externalId,firstName,lastName,fields.${k}`],
      ['cmp_native', `externalId,firstName,lastName,emails.0.${k}`],
      ['cmp_mapped', `employee.id,employee.${k}`],
    ]) {
      const file = join(dir, 'p.csv');
      writeFileSync(file, `${header}\nP-1,Ann,Lee,x\n`);
      const r = await runCli(['campaigns', 'import', campaign, file, '--validate-only'], { emu });
      expect(r.exitCode, `${header}\n${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`unknown column "`);
      expectNoStack(r.stderr);
      counts.structuredText++;
    }
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it.each(PROTO)('%s as a --preset: an unknown preset, exit 2, nothing sent', async (k) => {
    const r = await runCli(['leads', 'list', '--preset', k], { emu });
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      `error: unknown --preset "${k}": expected one of hubspot, salesforce\n`,
    ]);
    expect(emu.requests()).toEqual([]);
    counts.structuredText++;
  });

  it.each(PROTO)('%s as a profile name or a --fields path: no Object.prototype member leaks', async (k) => {
    const p = await runCli(['--profile', k, 'cards', 'list'], { emu });
    expect(p.exitCode, p.stderr).toBe(2);
    expect(p.stderr).toContain(k);
    const f = await runCli(['cards', 'get', 'crd_jose', '--fields', `id,fields.${k}`, '-o', 'csv'], { emu });
    expect([0, 2]).toContain(f.exitCode);
    expect(f.stdout).not.toMatch(/function|\[object Object\]|native code/);
    counts.structuredText += 2;
  });
});
