// What a View adds to the one renderer: sections after a record's table, a whole text view, a record
// whose CSV is a list, a list envelope, a fixed file format, and a CSV row mapper. Commands call
// renderRecord/renderList only; these decide the format.
import { describe, expect, test } from 'vitest';
import { createMessages } from '../../src/output/messages.js';
import { renderList, renderRecord, type RenderTarget } from '../../src/output/render.js';
import { type OutputFlags, resolveOutput } from '../../src/output/settings.js';
import type { View } from '../../src/output/view.js';
import { memoryIO, memoryStream } from './_io.js';

const NOW = new Date('2026-05-01T12:00:00Z');

/** The output settings of these flags, on a terminal or not (no colour unless FORCE_COLOR). */
function settings(flags: OutputFlags, io: ReturnType<typeof memoryIO>, env: Record<string, string> = {}) {
  return resolveOutput(flags, { io, env, now: NOW });
}

/** Where a render writes: the data on io.stdout, words through a Messages on io.stderr (as a command's context). */
function target(io: ReturnType<typeof memoryIO>, words = io.stderr): RenderTarget {
  const msg = createMessages({ stream: words, tty: false, quiet: false, verbose: false, paint: (_h, t) => t });
  return { io, msg };
}

interface Tpl {
  id: string;
  name: string;
  rules: { key: string; mode: string }[];
}

const tplView: View<Tpl> = {
  columns: [{ header: 'id', value: 'id' }],
  record: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
  ],
  sections: [
    {
      title: 'Rules',
      rows: (t) => t.rules,
      columns: [
        { header: 'key', value: 'key' },
        { header: 'mode', value: 'mode' },
      ],
    },
    { title: 'Notes', rows: () => [], columns: [{ header: 'text', value: 'text' }], none: 'none' },
  ],
};

const tpl: Tpl = { id: 'tpl_1', name: 'Sales', rules: [{ key: 'email', mode: 'required' }] };

describe('sections', () => {
  test('follow the record table: a titled table, or "<title>: <none>" when empty', async () => {
    const io = memoryIO();
    await renderRecord(tpl, tplView, settings({ output: 'table' }, io), target(io));
    expect(io.stdout.text()).toBe(
      ['id    tpl_1', 'name  Sales', '', 'Rules', 'KEY    MODE', 'email  required', '', 'Notes: none', ''].join('\n'),
    );
  });

  test('are left out with --fields, -q and in the other formats', async () => {
    for (const flags of [
      { output: 'table', fields: 'id' },
      { output: 'table', quiet: true },
      { output: 'json' },
      { output: 'csv' },
    ] as OutputFlags[]) {
      const io = memoryIO();
      await renderRecord(tpl, tplView, settings(flags, io), target(io));
      expect(io.stdout.text()).not.toContain('Rules');
    }
  });
});

describe('a text view', () => {
  const view: View<{ n: number }> = {
    columns: [],
    text: (item, ctx) => `${ctx.paint('green', `n=${item.n}`)} in ${ctx.columns} columns (${ctx.settings.format})\n`,
  };

  test('is the whole output of a table, whatever --fields says', async () => {
    for (const flags of [{ output: 'table' }, { output: 'table', fields: 'n' }] as OutputFlags[]) {
      const io = memoryIO({ columns: 120 });
      await renderRecord({ n: 3 }, view, settings(flags, io), target(io));
      expect(io.stdout.text()).toBe('n=3 in 120 columns (table)\n');
    }
  });

  test('is painted when colour is on (a terminal, FORCE_COLOR)', async () => {
    const io = memoryIO({ tty: true });
    await renderRecord({ n: 3 }, view, settings({}, io, { FORCE_COLOR: '1' }), target(io));
    expect(io.stdout.text()).toBe('\u001b[32mn=3\u001b[39m in 80 columns (table)\n');
  });

  test('is not used by json, ndjson or csv, nor with -q', async () => {
    const json = memoryIO();
    await renderRecord({ n: 3 }, view, settings({ output: 'json' }, json), target(json));
    expect(json.stdout.text()).toBe('{\n  "n": 3\n}\n');
    const csv = memoryIO();
    await renderRecord({ n: 3 }, view, settings({ output: 'csv' }, csv), target(csv));
    expect(csv.stdout.text()).toBe('n\r\n3\r\n');
    const quiet = memoryIO();
    await renderRecord({ n: 3 }, view, settings({ output: 'table', quiet: true }, quiet), target(quiet));
    expect(quiet.stdout.text()).toBe('');
  });
});

describe('CSV rows of a record', () => {
  interface Stats {
    total: number;
    timeline: { date: string; scans: number }[];
  }
  const stats: Stats = {
    total: 5,
    timeline: [
      { date: '2026-04-30', scans: 2 },
      { date: '2026-05-01', scans: 3 },
    ],
  };
  const view: View<Stats> = {
    columns: [],
    csvItems: {
      items: (s) => s.timeline,
      view: { columns: [], csv: ['date', 'scans'], id: (d: { date: string }) => d.date },
    },
  };

  test('csvItems: the CSV is a list of the record’s parts; json stays the record', async () => {
    const csv = memoryIO();
    await renderRecord(stats, view, settings({ output: 'csv' }, csv), target(csv));
    expect(csv.stdout.text()).toBe('date,scans,extra\r\n2026-04-30,2,\r\n2026-05-01,3,\r\n');
    const json = memoryIO();
    await renderRecord(stats, view, settings({ output: 'ndjson' }, json), target(json));
    expect(json.stdout.text()).toBe(`${JSON.stringify(stats)}\n`);
  });

  test('csvItems honours --fields, and -q prints nothing (it is a record)', async () => {
    const csv = memoryIO();
    await renderRecord(stats, view, settings({ output: 'csv', fields: 'scans' }, csv), target(csv));
    expect(csv.stdout.text()).toBe('scans\r\n2\r\n3\r\n');
    const quiet = memoryIO();
    await renderRecord(stats, view, settings({ output: 'csv', quiet: true }, quiet), target(quiet));
    expect(quiet.stdout.text()).toBe('');
  });

  test('csvRow: a record’s CSV shape, with what no column holds in `extra`', async () => {
    const person = { id: 'p_1', name: { first: 'Ada', last: 'Lovelace' }, note: '=1+1' };
    const mapped: View<typeof person> = {
      columns: [],
      csv: ['id', 'fullName'],
      csvRow: (p) => ({ id: p.id, fullName: `${p.name.first} ${p.name.last}` }),
    };
    const io = memoryIO();
    await renderRecord(person, mapped, settings({ output: 'csv' }, io), target(io));
    expect(io.stdout.text()).toBe(
      'id,fullName,extra\r\np_1,Ada Lovelace,"{""name.first"":""Ada"",""name.last"":""Lovelace"",""note"":""=1+1""}"\r\n',
    );
  });
});

describe('a list envelope', () => {
  const view: View = {
    columns: [{ header: 'id', value: 'id' }],
    list: (d: { object?: string; data?: unknown }) =>
      d.object === 'list' && Array.isArray(d.data) ? d.data : undefined,
  };
  const envelope = { object: 'list', data: [{ id: 'a' }, { id: 'b' }] };

  test('prints its items in every format but json', async () => {
    const ndjson = memoryIO();
    await renderRecord(envelope, view, settings({ output: 'ndjson' }, ndjson), target(ndjson));
    expect(ndjson.stdout.text()).toBe('{"id":"a"}\n{"id":"b"}\n');
    const json = memoryIO();
    await renderRecord(envelope, view, settings({ output: 'json' }, json), target(json));
    expect(JSON.parse(json.stdout.text())).toEqual(envelope);
  });

  test('-q prints the items’ ids (a list), except with -o json (a record)', async () => {
    const table = memoryIO();
    await renderRecord(envelope, view, settings({ output: 'table', quiet: true }, table), target(table));
    expect(table.stdout.text()).toBe('a\nb\n');
    const json = memoryIO();
    await renderRecord(envelope, view, settings({ output: 'json', quiet: true }, json), target(json));
    expect(json.stdout.text()).toBe('');
  });

  test('anything else prints whole', async () => {
    const io = memoryIO();
    await renderRecord({ object: 'card', id: 'c' }, view, settings({ output: 'ndjson' }, io), target(io));
    expect(io.stdout.text()).toBe('{"object":"card","id":"c"}\n');
  });
});

describe('a fixed file format', () => {
  const view: View<{ id: string; locked?: boolean }> = {
    columns: [{ header: 'id', value: 'id' }],
    file: { header: () => 'ID\n', item: (x) => (x.locked ? '' : `${x.id}\n`) },
  };

  test('replaces every other format: its header, then each item’s text (empty ones left out)', async () => {
    for (const output of ['table', 'csv', 'json'] as const) {
      const io = memoryIO();
      const n = await renderList(
        [{ id: 'a' }, { id: 'b', locked: true }, { id: 'c' }],
        view,
        settings({ output }, io),
        target(io),
      );
      expect([n, io.stdout.text(), io.stderr.text()]).toEqual([3, 'ID\na\nc\n', '']);
    }
  });

  test('a record: the header and its text', async () => {
    const io = memoryIO();
    await renderRecord({ id: 'a' }, view, settings({ output: 'csv' }, io), target(io));
    expect(io.stdout.text()).toBe('ID\na\n');
  });

  test('an empty list: the header only, no "nothing to show"', async () => {
    const io = memoryIO();
    await renderList([], view, settings({ output: 'table' }, io), target(io));
    expect([io.stdout.text(), io.stderr.text()]).toEqual(['ID\n', '']);
  });
});

describe('words about the data go through the message channel, never to stderr directly', () => {
  // The Messages here write to a stream of their own: anything on io.stderr was written around them
  // (and would cross a running spinner, or ignore -q).
  const view: View<{ id: string; team: string }> = {
    columns: [
      { header: 'id', value: 'id' },
      { header: 'team', value: 'team', priority: 2, whole: true },
    ],
    empty: 'no codes match',
  };

  test('an empty list, the page hint and the columns left out', async () => {
    const io = memoryIO({ tty: true, columns: 20 });
    const words = memoryStream();
    await renderList([], view, settings({ output: 'table' }, io), target(io, words));
    const rows = [{ id: 'qr_1', team: 'the field sales team of the north' }];
    await renderList(rows, view, settings({ output: 'table' }, io), target(io, words), () => '1 of 9 shown');
    expect(io.stderr.text()).toBe('');
    expect(words.text()).toBe(
      'no codes match\nnote: left out to\n  fit 20 columns:\n  team; --fields\n  picks others\n1 of 9 shown\n',
    );
  });

  test("a record's sections and a text view say what they left out the same way", async () => {
    const wide = {
      id: 'tpl_1',
      name: 'Sales',
      rules: [{ key: 'email-address-of-the-person', mode: 'required-always' }],
    };
    const io = memoryIO({ tty: true, columns: 20 });
    const words = memoryStream();
    await renderRecord(wide, tplView, settings({ output: 'table' }, io), target(io, words));
    const text: View<{ n: number }> = {
      columns: [],
      text: (_item, ctx) => (ctx.leftOut('Trend', ['week']), 'n\n'),
    };
    await renderRecord({ n: 1 }, text, settings({ output: 'table' }, io), target(io, words));
    expect(io.stderr.text()).toBe('');
    expect(words.text()).toBe(
      'note: Rules: left\n  out to fit 20\n  columns: mode\nnote: Trend: left\n  out to fit 20\n  columns: week\n',
    );
  });
});
