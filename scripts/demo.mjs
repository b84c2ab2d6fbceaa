#!/usr/bin/env node
// `npm run demo`: the whole operator workflow against the local emulator, with the real CLI.
//   1. starts `cardqr emulator` (a child process, free port, the demo seed in test/fixtures/demo/)
//   2. stores a profile for it in a temporary CARDQR_CONFIG_DIR (`cardqr profiles add`)
//   3. imports 50 people from test/fixtures/demo/people.csv into campaign cmp_native
//   4. saves the QR image of every new card (`cardqr image - -d <out>/qr`)
//   5. lets a week of visitors happen (the emulator's control API adds scans and leads)
//   6. prints the analytics of one card and exports the leads (`cardqr leads export --state`), then
//      writes them as vCards (`leads.vcf`) and as a HubSpot contacts import (`leads-hubspot.csv`)
//   7. lists what was made; the emulator stops on exit, Ctrl-C included.
// Options: --rows <n> (import only the first n rows; env CARDQR_DEMO_ROWS), --out <dir>
// (default ./demo-output/<date-time>; env CARDQR_DEMO_OUT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'cardqr');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'demo');
const CAMPAIGN = 'cmp_native';
const DAY = 86_400_000;

const { values: opts } = parseArgs({
  options: { rows: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (opts.help) {
  process.stdout.write('usage: npm run demo [-- --rows <n>] [--out <dir>]\n');
  process.exit(0);
}
const rows = Number(opts.rows ?? process.env.CARDQR_DEMO_ROWS ?? 0) || undefined;
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = resolve(opts.out ?? process.env.CARDQR_DEMO_OUT ?? join('demo-output', stamp));
/** How a path is shown and passed to cardqr: relative to where the demo runs when inside it. */
const shown = (p) => (relative(process.cwd(), p).startsWith('..') ? p : `./${relative(process.cwd(), p)}`);

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (s) => (color ? `\x1b[1m${s}\x1b[22m` : s);
const dim = (s) => (color ? `\x1b[2m${s}\x1b[22m` : s);
let stepNo = 0;
const step = (title) => process.stdout.write(`\n${bold(`[${++stepNo}] ${title}`)}\n`);
const say = (text) => process.stdout.write(`${text}\n`);

// ---- state to clean up --------------------------------------------------------------------
const configDir = mkdtempSync(join(tmpdir(), 'cardqr-demo-config-'));
let emulator;
let current; // the cardqr command running now
let stopping = false;
function stopEmulator() {
  for (const child of [current, emulator]) if (child && child.exitCode === null && !child.killed) child.kill('SIGTERM');
}
process.on('exit', () => {
  stopEmulator();
  rmSync(configDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(
      `\ndemo interrupted: stopping the emulator${existsSync(out) ? `; files so far are in ${shown(out)}` : ''}\n`,
    );
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

// ---- helpers ------------------------------------------------------------------------------
const cliEnv = () => {
  const env = { ...process.env, CARDQR_CONFIG_DIR: configDir };
  for (const k of ['CARDQR_API_KEY', 'CARDQR_BASE_URL', 'CARDQR_PROFILE', 'CARDQR_DEBUG']) delete env[k];
  return env;
};

/** Runs `cardqr <args>`, showing the command; resolves with its exit code (and stdout when captured). */
function cardqr(args, { input, from, capture = false, allow = [0] } = {}) {
  say(dim(`$ ${from ? `${from} | ` : ''}cardqr ${args.map((a) => (/[\s'"]/.test(a) ? `'${a}'` : a)).join(' ')}`));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: cliEnv(),
      stdio: [input === undefined ? 'ignore' : 'pipe', capture ? 'pipe' : 'inherit', 'inherit'],
    });
    current = child;
    let stdout = '';
    child.stdout?.on('data', (c) => (stdout += c));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (stopping) return;
      if (allow.includes(code)) resolvePromise({ code, stdout });
      else reject(new Error(`\`cardqr ${args[0]} ${args[1] ?? ''}\` failed (exit ${code ?? signal})`));
    });
  });
}

function ensureBuilt() {
  if (existsSync(join(ROOT, 'dist', 'cli.js'))) return;
  step('Building the CLI (dist/ is missing)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Starts `cardqr emulator --port 0` and reads the JSON line it prints (baseUrl, keys). */
async function startEmulator() {
  const log = join(out, 'emulator.log');
  emulator = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', join(FIXTURES, 'seed.json')], {
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines = [];
  emulator.stderr.on('data', (c) => logLines.push(c));
  process.on('exit', () => writeFileSync(log, Buffer.concat(logLines)));
  return new Promise((resolvePromise, reject) => {
    const rl = createInterface({ input: emulator.stdout });
    rl.once('line', (line) => resolvePromise(JSON.parse(line)));
    emulator.once('exit', (code) =>
      reject(new Error(`the emulator exited (${code}): ${Buffer.concat(logLines).toString()}`)),
    );
  });
}

async function control(emu, path, body) {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator control ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

function readReport(file) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const rowsOut = lines.filter((l) => typeof l.outcome === 'string');
  const cardId = (r) => r.cardId ?? r.card?.id ?? r.id;
  return {
    rows: rowsOut,
    created: rowsOut
      .filter((r) => r.outcome === 'created' || r.outcome === 'exists')
      .map(cardId)
      .filter(Boolean),
  };
}

// A week of visitors: deterministic, so the demo tells the same story every time.
const VISITORS = [
  [
    'Hannah Schmidt',
    'hannah.schmidt@logistik-nord.example',
    '+49 151 2345 6789',
    'Logistik Nord GmbH',
    'Head of Operations',
    'DE',
    'Hamburg',
  ],
  [
    'Marco Rossi',
    'marco.rossi@magazzini.example',
    '+39 333 123 4567',
    'Magazzini Rossi',
    'Warehouse Manager',
    'IT',
    'Milano',
  ],
  ['Yuki Tanaka', 'y.tanaka@tanaka-seiki.example', '+81 80-9876-5432', '田中精機', '購買部長', 'JP', 'Osaka'],
  [
    'Adaeze Nwosu',
    'adaeze@lagosports.example',
    '+234 802 987 6543',
    'Lagos Ports Logistics',
    'Procurement Lead',
    'NG',
    'Lagos',
  ],
  [
    'Lucía Fernández',
    'lucia.fernandez@almacenes.example',
    '+34 699 876 543',
    'Almacenes del Sur',
    'Jefa de compras',
    'ES',
    'Sevilla',
  ],
  [
    'Olivia Brown',
    'olivia.brown@brightstore.example',
    '+44 7700 900123',
    'BrightStore Ltd',
    'Innovation Manager',
    'GB',
    'Manchester',
  ],
  [
    'Rahul Mehta',
    'rahul.mehta@mehta-auto.example',
    '+91 99887 66554',
    'Mehta Automotive',
    'Plant Manager',
    'IN',
    'Pune',
  ],
  ['Ingrid Johansson', 'ingrid@nordlager.example', '+46 73 987 65 43', 'Nordlager AB', 'COO', 'SE', 'Göteborg'],
];
const DEVICES = ['iOS', 'Android', 'iOS', 'Windows', 'macOS', 'Android'];
const COUNTRIES = [
  ['DE', 'Berlin'],
  ['FR', 'Lyon'],
  ['JP', 'Tokyo'],
  ['US', 'Chicago'],
  ['NG', 'Lagos'],
  ['BR', 'São Paulo'],
  ['GB', 'London'],
];

function week(cards, start) {
  const scans = [];
  const leads = [];
  cards.forEach((id, i) => {
    const count = i === 0 ? 40 : (i * 7) % 9;
    for (let n = 0; n < count; n++) {
      const [country, city] = COUNTRIES[(i + n) % COUNTRIES.length];
      const at = new Date(start + ((n * 37 + i * 11) % 166) * 3_600_000 + (n % 60) * 60_000).toISOString();
      scans.push({
        targetId: id,
        at,
        country,
        city,
        device: DEVICES[(n + i) % DEVICES.length],
        visitorId: `v_${i}_${n % 23}`,
      });
    }
  });
  VISITORS.forEach(([name, email, phone, company, title, country, city], n) => {
    const cardId = cards[n % Math.min(cards.length, 3)];
    const createdAt = new Date(start + (12 + n * 19) * 3_600_000).toISOString();
    const source = n % 3 === 2 ? 'exchange' : 'form';
    const trigger = source === 'form' ? 'after_save' : 'contact_exchange';
    leads.push({
      cardId,
      source,
      trigger,
      formName: source === 'form' ? 'Stay in touch' : 'Contact exchange',
      createdAt,
      contact: { name, email, phone, company, title },
      country,
      city,
      marketingOptIn: n % 2 === 0,
    });
  });
  return { scans, leads };
}

// ---- the demo -----------------------------------------------------------------------------
async function main() {
  ensureBuilt();
  mkdirSync(out, { recursive: true });
  let csv = join(FIXTURES, 'people.csv');
  const total = readFileSync(csv, 'utf8').trim().split('\n').length - 1;
  if (rows && rows < total) {
    // A smaller file (tests use it): the first n people.
    csv = join(out, 'people.csv');
    writeFileSync(
      csv,
      readFileSync(join(FIXTURES, 'people.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(0, rows + 1)
        .join('\n') + '\n',
    );
  }
  const people = Math.min(rows ?? total, total);

  step('Starting the emulator (a local copy of the API; nothing leaves this machine)');
  const emu = await startEmulator();
  say(`emulator running at ${emu.baseUrl}`);

  step('Storing a profile for it (the key is read from stdin and verified with GET /me)');
  await cardqr(['profiles', 'add', 'demo', '--base-url', emu.baseUrl, '--api-key-stdin', '--default'], {
    input: `${emu.keys.full}\n`,
  });

  step(`Importing ${people} people from ${shown(csv)} into campaign ${CAMPAIGN}`);
  await cardqr(['campaigns', 'schema', CAMPAIGN, '-o', 'table']);
  const report = join(out, 'import.report.ndjson');
  await cardqr(['campaigns', 'import', CAMPAIGN, shown(csv), '--report', shown(report)], { allow: [0, 7] });
  const { rows: outcomes, created } = readReport(report);
  if (!created.length) throw new Error(`the import created no card; see ${shown(report)}`);

  step(`Saving the QR code of each new card (${created.length} PNG files)`);
  const qrDir = join(out, 'qr');
  const from = `jq -r 'select(.outcome == "created") | .cardId' ${shown(report)}`; // what the demo feeds on stdin
  const saved = await cardqr(['image', '-', '-d', shown(qrDir)], {
    input: `${created.join('\n')}\n`,
    from,
    capture: true,
  });
  const files = saved.stdout.split('\n').filter(Boolean);
  for (const f of files.slice(0, 3)) say(`  ${shown(resolve(f))}`);
  if (files.length > 3) say(`  … and ${files.length - 3} more`);

  step('A week goes by: visitors scan the cards and leave their details (emulator control API)');
  const { now } = await control(emu, 'time', { advanceMs: 0 });
  const start = Date.parse(now) + 60_000;
  await control(emu, 'time', { advanceMs: 7 * DAY });
  const { scans, leads } = week(created, start);
  await control(emu, 'scans', { scans });
  await control(emu, 'leads', { leads });
  say(`${scans.length} scans and ${leads.length} leads recorded`);

  step(`Analytics for the busiest card (${created[0]})`);
  const analytics = join(out, `analytics-${created[0]}.json`);
  await cardqr(['analytics', 'get', created[0], '--range', '7d', '-o', 'table']);
  const json = await cardqr(['analytics', 'get', created[0], '--range', '7d', '-o', 'json'], { capture: true });
  writeFileSync(analytics, json.stdout);

  step('Exporting the leads, as a cron job would (the state file remembers where it stopped)');
  const leadsFile = join(out, 'leads.ndjson');
  const state = join(out, 'leads.state.json');
  await cardqr(['leads', 'export', '--state', shown(state), '--out', shown(leadsFile)]);
  const exported = readFileSync(leadsFile, 'utf8').split('\n').filter(Boolean).length;
  say(`${exported} leads in ${shown(leadsFile)}; running it again exports only newer ones:`);
  await cardqr(['leads', 'export', '--state', shown(state), '--out', shown(join(out, 'leads-next-run.ndjson'))]);

  step("The same leads for a phone's address book (vCard) and for HubSpot's contact import (CSV)");
  const vcf = join(out, 'leads.vcf');
  const hubspot = join(out, 'leads-hubspot.csv');
  writeFileSync(vcf, (await cardqr(['leads', 'list', '--all', '-o', 'vcf'], { capture: true })).stdout);
  writeFileSync(hubspot, (await cardqr(['leads', 'list', '--all', '--preset', 'hubspot'], { capture: true })).stdout);
  const cardsInVcf = (readFileSync(vcf, 'utf8').match(/^BEGIN:VCARD\r$/gm) ?? []).length;
  const hubspotRows = Math.max(0, readFileSync(hubspot, 'utf8').split('\r\n').filter(Boolean).length - 1);
  say(
    `${cardsInVcf} vCards in ${shown(vcf)}; ${hubspotRows} contacts in ${shown(hubspot)} (columns HubSpot maps by itself)`,
  );

  const counts = outcomes.reduce((acc, r) => ({ ...acc, [r.outcome]: (acc[r.outcome] ?? 0) + 1 }), {});
  const made = [
    [
      report,
      `import report: one line per row (${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')})`,
    ],
    [qrDir, `${readdirSync(qrDir).length} QR images (PNG), one per new card`],
    [analytics, `analytics of ${created[0]} over 7 days (JSON)`],
    [leadsFile, `${exported} leads (NDJSON)`],
    [state, 'lead export state: the next run starts after these'],
    [vcf, `${cardsInVcf} leads as vCards (4.0), ready for an address book`],
    [hubspot, `${hubspotRows} leads as a HubSpot contacts import (CSV)`],
    [join(out, 'emulator.log'), "the emulator's request log (written on exit)"],
  ];
  process.stdout.write(`\n${bold('Done.')} What was made, in ${shown(out)}:\n`);
  for (const [path, what] of made) say(`  - ${relative(out, path)}${path === qrDir ? '/' : ''}: ${what}`);
  say(`The emulator is stopped and its profile (in a temporary config dir) removed; the files stay.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    if (stopping) return;
    process.stderr.write(`\ndemo failed: ${err.message}\n`);
    process.exit(1);
  },
);
