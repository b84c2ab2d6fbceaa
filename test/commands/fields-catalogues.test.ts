// Each command that prints a resource declares its --fields catalogue where it is defined (withFields,
// src/help/annotations.ts); output/field-names.ts checks the names against it. Walked on the real tree,
// so a new list or get command without a catalogue fails here.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/deps.js';
import { fieldsOf } from '../../src/help/annotations.js';
import { checkFieldNames } from '../../src/output/field-names.js';
import type { View } from '../../src/output/view.js';
import { campaignView } from '../../src/output/views/campaigns.js';
import { cardView } from '../../src/output/views/cards.js';
import { leadView } from '../../src/output/views/leads.js';
import { qrView } from '../../src/output/views/qr.js';
import { templateView } from '../../src/output/views/templates.js';
import { createProgram } from '../../src/program.js';

/** List and get commands that print no API resource, so --fields takes any name. */
const WITHOUT: Record<string, string> = {
  'profiles list': 'prints the stored profiles (local settings, no schema in api/schemas/)',
};

/** The list commands and the view their table uses. */
const LIST_VIEWS: Record<string, View> = {
  'cards list': cardView,
  'qr list': qrView,
  'templates list': templateView,
  'leads list': leadView,
  'campaigns list': campaignView,
};

async function commands(): Promise<Map<string, Command>> {
  const program = await createProgram(buildDeps({ io: {} as never, env: {}, readStdin: async () => '' }));
  const found = new Map<string, Command>();
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      const here = [...path, sub.name()];
      found.set(here.join(' '), sub);
      walk(sub, here);
    }
  };
  walk(program, []);
  return found;
}

describe('--fields catalogues declared by the commands', () => {
  it('every list and get command declares the object it prints', async () => {
    const all = await commands();
    const listOrGet = [...all.keys()].filter((path) => /(^| )(list|get)$/.test(path));
    expect(listOrGet).toEqual(expect.arrayContaining(Object.keys(LIST_VIEWS)));
    expect(listOrGet.filter((path) => !fieldsOf(all.get(path)!) && !(path in WITHOUT))).toEqual([]);
    // An exception that declares one after all (or is gone) leaves the list.
    expect(Object.keys(WITHOUT).filter((path) => !all.has(path) || fieldsOf(all.get(path)!))).toEqual([]);
  });

  it('every declared catalogue loads an object schema that refuses an unknown name', async () => {
    const all = await commands();
    const declared = [...all].filter(([, cmd]) => fieldsOf(cmd));
    expect(declared.length).toBeGreaterThan(10);
    for (const [path, cmd] of declared) {
      await expect(checkFieldNames(path, fieldsOf(cmd)!, ['no_such_field']), path).rejects.toThrow(
        `unknown field for \`cardqr ${path}\`: no_such_field`,
      );
    }
  });

  it("a list's catalogue names its table's default columns", async () => {
    const all = await commands();
    for (const [path, view] of Object.entries(LIST_VIEWS)) {
      const columns = view.columns.flatMap((c) => (typeof c.value === 'string' ? [c.value] : []));
      expect(columns.length, path).toBeGreaterThan(0);
      await expect(checkFieldNames(path, fieldsOf(all.get(path)!)!, columns), path).resolves.toBeUndefined();
    }
  });
});
