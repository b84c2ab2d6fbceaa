// Issue 15 item 3: -q ids on writes, --fields checked, many ids and `-`, --query (JMESPath), api --paginate.
import { describe, expect, it } from 'vitest';
import { addCards } from '../helpers/records.js';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli, tempDir } from '../helpers/run-cli.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';

const emu = useEmulator();
const writes = () => emu.requests().filter((r) => r.method !== 'GET');
const config = tempDir();

describe('-q on creates and updates prints the id', () => {
  it('cards create/update, qr create/update/pause, campaigns create-card', async () => {
    const card = await runCli(['cards', 'create', '--field', 'firstName=Ada', '--field', 'lastName=Lovelace', '-q'], {
      emu,
    });
    expect(card.exitCode).toBe(0);
    const id = card.stdout.trim();
    expect(card.stdout).toMatch(/^crd_\w+\n$/);
    expect(emu.store.cards.some((c) => c.id === id)).toBe(true);
    expect((await runCli(['cards', 'update', id, '--field', 'title=CTO', '-q'], { emu })).stdout).toBe(`${id}\n`);
    const qr = (
      await runCli(['qr', 'create', '--name', 'Menu', '--url', 'https://x.example/m', '-q'], { emu })
    ).stdout.trim();
    expect(qr).toMatch(/^qr_\w+$/);
    expect((await runCli(['qr', 'update', qr, '--name', 'Menu 2', '-q'], { emu })).stdout).toBe(`${qr}\n`);
    expect((await runCli(['qr', 'pause', qr, '-q'], { emu })).stdout).toBe(`${qr}\n`);
    const cc = await runCli(
      [
        'campaigns',
        'create-card',
        'cmp_native',
        '--data',
        '{"externalId":"P-9","fields":{"firstName":"Q","lastName":"R","company":"C","emails":[{"label":"Work","value":"q@r.example"}]}}',
        '-q',
      ],
      { emu },
    );
    expect([cc.exitCode, cc.stdout]).toEqual([0, expect.stringMatching(/^crd_\w+\n$/)]);
  });
});

describe('--fields rejects unknown names', () => {
  it('exit 2 before any request, listing the valid names', async () => {
    const r = await runCli(['cards', 'list', '--fields', 'id,nosuch'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('error: unknown field for `cardqr cards list`: nosuch');
    expect(r.stderr).toContain('shortCode');
    expect(r.stderr).toContain('fields.emails');
    expect(emu.requests()).toHaveLength(0);
    const qr = await runCli(['qr', 'get', 'qr_support', '--fields', 'id,fields.title'], { emu });
    expect([qr.exitCode, qr.stderr]).toEqual([2, expect.stringContaining('fields.title')]);
  });

  it('documented, nested, indexed and template custom names pass', async () => {
    const r = await runCli(
      [
        'cards',
        'get',
        'crd_jose',
        '--fields',
        'id,fields.bio,fields.emails.0.value,fields.address.city,fields.badgeColor',
      ],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    expect(json(r)).toEqual({
      id: 'crd_jose',
      fields: {
        bio: 'Designing friendly machines since 2009.',
        emails: { 0: { value: 'jose@estudio-alvarez.example' } },
        address: { city: 'Madrid' },
        badgeColor: null,
      },
    });
    expect(json(await runCli(['me', '--fields', 'account.plan,profile,baseUrl'], { emu }))).toEqual({
      account: { plan: 'pro' },
      profile: null,
      baseUrl: emu.baseUrl,
    });
    expect((await runCli(['me', '--fields', 'commands'], { emu })).exitCode).toBe(0);
    expect((await runCli(['me', '--fields', 'account.nope'], { emu })).exitCode).toBe(2);
    // analytics -o csv prints timeline rows: their names are the valid ones there.
    const csv = await runCli(['analytics', 'overview', '-o', 'csv', '--fields', 'date,scans'], { emu });
    expect([csv.exitCode, csv.stdout.split('\r\n')[0]]).toEqual([0, 'date,scans']);
    expect(
      (await runCli(['analytics', 'overview', '-o', 'json', '--fields', 'totalScans,trend'], { emu })).exitCode,
    ).toBe(0);
  });
});

describe('several ids and - on pause/publish/archive/delete', () => {
  it('qr pause reads ids from stdin, asks once naming the count (refuses without a terminal), --yes goes', async () => {
    const refused = await runCli(['qr', 'pause', '-'], { emu, stdin: 'qr_support\nqr_roboconf\n' });
    expect([refused.exitCode, refused.stderr]).toEqual([2, expect.stringContaining('About to pause 2 QR codes')]);
    expect(writes()).toHaveLength(0);
    const asked = await runCli(['qr', 'pause', 'qr_support', 'qr_roboconf'], {
      emu,
      tty: true,
      answers: ['y'],
      columns: 200,
    });
    expect(asked.prompts).toEqual(['Pause 2 QR codes? [y/N] ']);
    expect(asked.exitCode).toBe(0);
    const r = await runCli(['qr', 'publish', '-', '-o', 'json'], {
      emu,
      stdin: 'qr_support\n\nqr_roboconf\nqr_support\n',
    });
    expect(r.exitCode).toBe(0);
    expect(json(r).map((q: { id: string; status: string }) => [q.id, q.status])).toEqual([
      ['qr_support', 'published'],
      ['qr_roboconf', 'published'],
    ]);
  });

  it('exit 7 when some failed, 4 when every id is missing', async () => {
    const some = await runCli(['qr', 'archive', 'qr_support', 'qr_nope', '--yes', '-q'], { emu });
    expect(some.stdout).toBe('qr_support\n');
    expect(some.stderr).toContain('error: qr_nope: resource_not_found (404)');
    expect(some.exitCode).toBe(7);
    const none = await runCli(['qr', 'archive', 'qr_nope', 'qr_nada', '--yes'], { emu });
    expect([none.exitCode, none.stderr]).toEqual([4, expect.stringContaining('2 of 2 archivings failed')]);
    const del = await runCli(['cards', 'delete', '-', '--yes'], { emu, stdin: 'crd_nope\ncrd_nada\n' });
    expect([del.exitCode, del.stderr]).toEqual([4, expect.stringContaining('2 of 2 deletions failed (0 deleted)')]);
    const mixed = await runCli(['cards', 'delete', '-', '--yes'], { emu, stdin: 'crd_jose\ncrd_nope\n' });
    expect(mixed.exitCode).toBe(7);
  });

  it('bad stdin is refused before anything is sent', async () => {
    expect((await runCli(['qr', 'pause', '-', '--yes'], { emu, stdin: '\n\n' })).stderr).toContain(
      'no ids on standard input',
    );
    const spaced = await runCli(['cards', 'delete', '-', '--yes'], { emu, stdin: 'crd jose\n' });
    expect([spaced.exitCode, spaced.stderr]).toEqual([2, expect.stringContaining('"crd jose" is not an id')]);
    const many = await runCli(['qr', 'pause', '-', '--yes'], {
      emu,
      stdin: Array.from({ length: 10_001 }, (_, i) => `qr_${i}`).join('\n'),
    });
    expect([many.exitCode, many.stderr]).toEqual([2, expect.stringContaining('at most 10000')]);
    expect(emu.requests()).toHaveLength(0);
  });

  it('a long list asks once with the count, without fetching every record', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `crd_x${i}`);
    const r = await runCli(['cards', 'delete', ...ids], { emu, tty: true, answers: ['n'] });
    expect(r.prompts).toEqual(['Delete these 25 cards? [y/N] ']);
    expect(r.stderr).toContain('… and 20 more');
    expect(emu.requests()).toHaveLength(0);
  });
});

describe('--query (JMESPath)', () => {
  it('json: over the whole document; ndjson: per line; implies json on a terminal', async () => {
    const r = await runCli(['qr', 'list', '--query', "[?status=='paused'].id"], { emu, tty: true });
    expect(r.exitCode).toBe(0);
    expect(json(r)).toEqual(['qr_promo']);
    const nd = await runCli(['cards', 'list', '--all', '-o', 'ndjson', '--query', 'fields.address.city'], { emu });
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toContain('Madrid');
    const rec = await runCli(['cards', 'get', 'crd_jose', '-o', 'json', '--query', 'fields.emails[0].value'], { emu });
    expect(json(rec)).toBe('jose@estudio-alvarez.example');
    const withFields = await runCli(
      ['cards', 'get', 'crd_jose', '--fields', 'id,name', '-o', 'json', '--query', 'keys(@)'],
      {
        emu,
      },
    );
    expect(json(withFields)).toEqual(['id', 'name']);
  });

  it('bad expressions and table/csv are exit 2 before any request', async () => {
    const bad = await runCli(['cards', 'list', '--query', '[?status=='], { emu });
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining('not a valid JMESPath expression')]);
    const csv = await runCli(['cards', 'list', '-o', 'csv', '--query', 'id'], { emu });
    expect([csv.exitCode, csv.stderr]).toEqual([
      2,
      expect.stringContaining('use it with -o json or -o ndjson, not -o csv'),
    ]);
    const quiet = await runCli(['cards', 'list', '-q', '--query', 'id'], { emu });
    expect([quiet.exitCode, quiet.stderr]).toEqual([2, expect.stringContaining('--query and -q do not go together')]);
    const old = await runCli(['api', 'GET', '/cards', '--query', 'limit=5'], { emu });
    expect([old.exitCode, old.stderr]).toEqual([2, expect.stringContaining('--param key=value')]);
    expect(emu.requests()).toHaveLength(0);
  });
});

describe('-r/--raw: strings unquoted, one per line', () => {
  it('the default on a pipe when --query yields a string or a list of strings', async () => {
    const list = await runCli(['cards', 'list', '--query', "[?status=='draft'].id"], { emu });
    expect([list.exitCode, list.stdout, list.stderr]).toEqual([0, 'crd_priya\ncrd_oguz\n', '']);
    const one = await runCli(['cards', 'get', 'crd_jose', '--query', 'fields.emails[0].value'], { emu });
    expect(one.stdout).toBe('jose@estudio-alvarez.example\n');
    // Anything else stays JSON: objects, numbers, an explicit -o json, a terminal.
    expect(json(await runCli(['cards', 'list', '--query', '[].{id: id}'], { emu }))[0]).toEqual({ id: 'crd_priya' });
    expect((await runCli(['cards', 'list', '--query', 'length(@)'], { emu })).stdout).toBe('11\n');
    const asked = await runCli(['cards', 'list', '-o', 'json', '--query', "[?status=='draft'].id"], { emu });
    expect(json(asked)).toEqual(['crd_priya', 'crd_oguz']);
    const tty = await runCli(['cards', 'list', '--query', "[?status=='draft'].id"], { emu, tty: true });
    expect(json(tty)).toEqual(['crd_priya', 'crd_oguz']);
  });

  it('-r asks for it on a terminal, with -o json and per line with -o ndjson; with -o table or csv it is exit 2', async () => {
    const tty = await runCli(['cards', 'list', '-r', '--query', "[?status=='draft'].id"], { emu, tty: true });
    expect(tty.stdout).toBe('crd_priya\ncrd_oguz\n');
    const json1 = await runCli(['cards', 'get', 'crd_jose', '--raw', '-o', 'json', '--query', 'name'], { emu });
    expect(json1.stdout).toBe('José Álvarez Peña\n');
    const nd = await runCli(['cards', 'list', '--all', '-r', '-o', 'ndjson', '--query', 'shortCode'], { emu });
    expect(nd.stdout.split('\n')).toContain('jose-alvarez');
    expect(nd.stdout).not.toContain('"');
    const csv = await runCli(['cards', 'list', '-r', '-o', 'csv'], { emu });
    expect([csv.exitCode, csv.stdout]).toEqual([2, '']);
    expect(csv.stderr).toBe(
      'error: -r/--raw prints the strings of JSON output unquoted: use it with --query, not -o csv\n',
    );
    expect(emu.requests()).toHaveLength(3); // the three above; the refused one sent nothing
  });

  it('`cardqr cards list --query "[].id" | xargs -n1 echo` prints bare ids (built CLI, a real pipe)', async () => {
    await ensureFreshBuild();
    const ids = json(await runCli(['cards', 'list', '--query', '[].id', '-o', 'json'], { emu })) as string[];
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: config };
    const r = await spawnCli([], { shell: `$CARDQR cards list --query "[].id" | xargs -n1 echo`, env, stdin: null })
      .done;
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(ids.map((id) => `${id}\n`).join(''));
    expect(r.stdout).toMatch(/^crd_priya\n/);
  }, 120_000);
});

describe('api --paginate', () => {
  it('follows pagination.hasMore and prints every item', async () => {
    addCards(emu, 250);
    const all = json(await runCli(['cards', 'list', '--all', '-o', 'json'], { emu }));
    const r = await runCli(['api', 'GET', '/cards', '--paginate', '-o', 'ndjson'], { emu });
    expect(r.exitCode).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual(all.map((c: { id: string }) => c.id));
    expect(ids.length).toBeGreaterThan(250);
    expect(emu.requests({ path: /\/cards/ }).filter((q) => q.method === 'GET').length).toBeGreaterThanOrEqual(6); // 3 pages each
    const q = await runCli(['api', 'GET', '/qr-codes', '--paginate', '-p', 'status=paused', '--query', '[].id'], {
      emu,
    });
    expect(q.stdout).toBe('qr_promo\n');
    const post = await runCli(['api', 'POST', '/cards', '--paginate'], { emu });
    expect([post.exitCode, post.stderr]).toEqual([2, expect.stringContaining('works with GET')]);
  });
});

describe('--query where JSON is printed outside the renderer', () => {
  it('the import summary; leads export refuses it (exit 2)', async () => {
    const { partnersCsv, writeCsv } = await import('../jobs/import/_files.js');
    const { rmSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    const file = writeCsv('p.csv', partnersCsv(2));
    try {
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--query', 'outcomes.created'], { emu });
      expect([r.exitCode, r.stdout]).toEqual([0, '2\n']);
    } finally {
      rmSync(dirname(file), { recursive: true, force: true });
    }
    const e = await runCli(['leads', 'export', '--state', '/nonexistent/s.json', '--query', 'id'], { emu });
    expect([e.exitCode, e.stderr]).toEqual([2, expect.stringContaining('leads export does not take --query')]);
  });
});
