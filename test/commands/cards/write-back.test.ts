// Read, change, write back (issue 35): `cards get -o json` output given to `cards update --data` and
// `cards create --data`. Only fields and templateId are sent; a note names each ignored key that differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
const patches = () => emu.requests({ method: 'PATCH' });
const posts = () => emu.requests({ method: 'POST' });

async function printed(id: string): Promise<Record<string, unknown>> {
  const r = await runCli(['cards', 'get', id, '-o', 'json'], { emu });
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}
const save = (doc: unknown) => {
  const file = join(tempDir(), 'c.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
};

describe('cards update --data <a card as printed>', () => {
  it('unchanged: no note, only the fields are sent', async () => {
    const file = save(await printed('crd_jose'));
    const r = await runCli(['cards', 'update', 'crd_jose', '--data', `@${file}`, '--replace', '--yes'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(Object.keys(patches()[0].body as object)).toEqual(['fields']);
  });

  it('a changed field is sent; changed keys a PATCH does not take are named once, with why', async () => {
    const card = await printed('crd_jose');
    const fields = card.fields as Record<string, unknown>;
    const file = save({
      ...card,
      status: 'draft',
      shortCode: 'jose-new',
      fields: { ...fields, title: 'Head of design' },
    });
    const r = await runCli(['cards', 'update', 'crd_jose', '--data', `@${file}`, '--replace', '--yes'], { emu });
    expect(r.exitCode).toBe(0);
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('note:'));
    expect(notes).toEqual([
      "note: --data: not sent, though it differs from the card's: shortCode (the short code cannot be changed through the API); status (status cannot be changed through the API)",
    ]);
    expect(r.stderr).not.toContain('unknown key');
    expect(patches()[0].body).toEqual({ fields: { ...fields, title: 'Head of design' } });
    expect(json(r)).toMatchObject({ shortCode: card.shortCode, status: card.status });
  });

  it('a QR code as printed is refused (exit 2, nothing sent); a misspelt key is still refused', async () => {
    const qr = JSON.parse((await runCli(['qr', 'list', '-o', 'json', '--limit', '1'], { emu })).stdout);
    const code = Array.isArray(qr) ? qr[0] : qr.data[0];
    const r = await runCli(['cards', 'update', 'crd_jose', '--data', JSON.stringify({ ...code, fields: {} })], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: --data: this is a qr_code .* not a card; nothing was sent\n$/);
    const typo = await runCli(['cards', 'update', 'crd_jose', '--data', '{"fields":{"title":"x"},"stauts":"draft"}'], {
      emu,
    });
    expect([typo.exitCode, typo.stderr]).toEqual([2, expect.stringContaining('unknown key "stauts" in --data')]);
    expect(patches()).toEqual([]);
  });
});

describe('cards create --data <a card as printed>', () => {
  it('ids, links and times are not sent (one note); name, template, fields and a new short code are', async () => {
    const card = await printed('crd_jose');
    const file = save({ ...card, shortCode: 'jose-copy', status: 'archived' });
    const r = await runCli(['cards', 'create', '--data', `@${file}`], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      'note: --data: id, url, vcardUrl, paused, externalId, createdAt, updatedAt not sent (the service sets them for the new card)',
    );
    expect(r.stderr).toContain('note: --data: status archived not sent: a new card is draft or published');
    const body = posts()[0].body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['fields', 'name', 'shortCode', ...(card.templateId ? ['templateId'] : [])].sort(),
    );
    expect(json(r)).toMatchObject({ shortCode: 'jose-copy', status: 'published' });
    expect(json(r).id).not.toBe(card.id);
  });
});
