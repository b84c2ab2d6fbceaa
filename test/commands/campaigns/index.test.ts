import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
const record = (body: unknown) => {
  const path = join(tempDir(), 'record.json');
  writeFileSync(path, JSON.stringify(body));
  return `@${path}`;
};
const grace = {
  employee: { id: 'EMP-7001', givenName: 'Grace', familyName: 'Hopper' },
  contact: { workEmail: 'grace@acme.example' },
};

describe('campaigns list', () => {
  it('a table on a terminal, JSON otherwise, ids with -q, the page hint', async () => {
    const tty = await runCli(['campaigns', 'list'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toMatch(/ID\s.*NAME\s.*STATUS\s.*API/);
    expect(tty.stdout).toContain('Employee onboarding (HRIS sync)');
    const plain = await runCli(['campaigns', 'list'], { emu });
    expect(json(plain).map((c: { id: string }) => c.id)).toHaveLength(6);
    const ids = await runCli(['campaigns', 'ls', '-q', '--limit', '2'], { emu, tty: true });
    expect(ids.stdout.trim().split('\n')).toHaveLength(2);
    const page = await runCli(['campaigns', 'list', '--limit', '2'], { emu, tty: true });
    expect(page.stderr).toContain('2 of 6 shown; --all for every page');
    expect(json(await runCli(['campaigns', 'list', '-o', 'json'], { emu, key: emu.keys.campaign }))).toEqual([
      expect.objectContaining({ id: 'cmp_mapped' }),
    ]);
  });

  it('exit 2 on a bad flag, 3 on a refused key', async () => {
    expect((await runCli(['campaigns', 'list', '--limit', '0'], { emu })).exitCode).toBe(2);
    const r = await runCli(['campaigns', 'list'], { emu, key: emu.keys.revoked });
    expect([r.exitCode, r.stderr]).toEqual([3, expect.stringContaining('invalid_api_key (401)')]);
  });
});

describe('campaigns get', () => {
  it('a record on a terminal, JSON otherwise; 404 → 4, another campaign with a scoped key → 3', async () => {
    const tty = await runCli(['campaigns', 'get', 'cmp_disabled'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toMatch(/api switch {2,}off/);
    expect(json(await runCli(['campaigns', 'get', 'cmp_native'], { emu }))).toMatchObject({
      object: 'campaign',
      id: 'cmp_native',
      status: 'active',
      apiEnabled: true,
    });
    expect((await runCli(['campaigns', 'get', 'cmp_nope'], { emu })).exitCode).toBe(4);
    const scoped = await runCli(['campaigns', 'get', 'cmp_native'], { emu, key: emu.keys.campaign });
    expect([scoped.exitCode, scoped.stderr]).toEqual([3, expect.stringContaining('key_scoped_to_campaign')]);
  });
});

describe('campaigns schema', () => {
  it('on a terminal: fields, sections, a ready sample and the CSV header', async () => {
    const r = await runCli(['campaigns', 'schema', 'cmp_native'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/firstName\s+required\s+First name/);
    expect(r.stdout).toContain('emails.<n>.{label, value}, up to 3');
    expect(r.stdout).toContain('"externalId": "ext-0001"');
    expect(r.stdout).toContain(
      'externalId,firstName,lastName,company,title,bio,companyLogoUrl,emails.0.label,emails.0.value',
    );
  });

  it('JSON is the API object; stale warns; never configured → 3 (403, the spec lists no 409 here); unknown → 4', async () => {
    const s = json(await runCli(['campaigns', 'schema', 'cmp_mapped'], { emu }));
    expect(s).toMatchObject({ object: 'campaign_schema', payloadMode: 'mapped' });
    expect(s).not.toHaveProperty('externalIdPath');
    const stale = await runCli(['campaigns', 'schema', 'cmp_stale', '-o', 'json'], { emu });
    expect([stale.exitCode, stale.stderr]).toEqual([0, expect.stringContaining('stale')]);
    const never = await runCli(['campaigns', 'schema', 'cmp_unconfigured'], { emu });
    expect([never.exitCode, never.stderr]).toEqual([3, expect.stringContaining('campaign_api_disabled (403)')]);
    expect((await runCli(['campaigns', 'schema', 'cmp_nope'], { emu })).exitCode).toBe(4);
  });
});

describe('campaigns test', () => {
  it('exit 0 when the record would be accepted, with the resolved fields; nothing created', async () => {
    const before = emu.store.cards.length;
    const r = await runCli(['campaigns', 'test', 'cmp_mapped', '--data', record(grace)], { emu, tty: true });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('yes: the card would be created');
    expect(r.stdout).toContain('company = Acme Robotics');
    expect(
      json(await runCli(['campaigns', 'test', 'cmp_mapped', '--data', JSON.stringify(grace)], { emu })),
    ).toMatchObject({ ok: true, shortCode: 'grace-hopper' });
    expect(emu.store.cards.length).toBe(before);
  });

  it('exit 5 when it would be refused, every problem on stderr', async () => {
    const r = await runCli(
      ['campaigns', 'test', 'cmp_native', '--data', '{"externalId":"P-2001","fields":{"firstName":"X"}}'],
      { emu },
    );
    expect(r.exitCode).toBe(5);
    expect(json(r).ok).toBe(false);
    expect(r.stderr).toContain('the campaign would refuse this record');
    expect(r.stderr).toContain('duplicate_external_id');
    expect(r.stderr).toContain('validation_failed: lastName: required');
  });

  it('exit 2 for bad --data, 3 for a closed campaign, 5 for one never configured', async () => {
    expect((await runCli(['campaigns', 'test', 'cmp_native', '--data', '[1]'], { emu })).exitCode).toBe(2);
    expect((await runCli(['campaigns', 'test', 'cmp_native', '--data', '@/nonexistent.json'], { emu })).exitCode).toBe(
      2,
    );
    expect((await runCli(['campaigns', 'test', 'cmp_native'], { emu })).exitCode).toBe(2);
    const closed = await runCli(['campaigns', 'test', 'cmp_draft', '--data', '{}'], { emu });
    expect([closed.exitCode, closed.stderr]).toEqual([3, expect.stringContaining('campaign_api_disabled (403)')]);
    expect((await runCli(['campaigns', 'test', 'cmp_unconfigured', '--data', '{}'], { emu })).exitCode).toBe(5);
  });
});

describe('campaigns create-card', () => {
  it('creates one card; the same --idempotency-key replays it; another body under it → 5', async () => {
    const r = await runCli(
      ['campaigns', 'create-card', 'cmp_mapped', '--data', record(grace), '--idempotency-key', 'hris-EMP-7001'],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    const card = json(r);
    expect(card).toMatchObject({ object: 'card', externalId: 'EMP-7001', shortCode: 'grace-hopper', paused: false });
    const again = await runCli(
      ['campaigns', 'create-card', 'cmp_mapped', '--data', record(grace), '--idempotency-key', 'hris-EMP-7001'],
      { emu },
    );
    expect(json(again).id).toBe(card.id);
    expect(emu.store.cards.filter((c) => c.externalId === 'EMP-7001')).toHaveLength(1);
    const other = await runCli(
      [
        'campaigns',
        'create-card',
        'cmp_mapped',
        '--data',
        JSON.stringify({ ...grace, x: 1 }),
        '--idempotency-key',
        'hris-EMP-7001',
      ],
      { emu },
    );
    expect([other.exitCode, other.stderr]).toEqual([5, expect.stringContaining('idempotency_key_reused (409)')]);
  });

  it('on a terminal: the card as a record; -q prints its id', async () => {
    const r = await runCli(
      [
        'campaigns',
        'create-card',
        'cmp_native',
        '--data',
        '{"externalId":"P-8001","fields":{"firstName":"A","lastName":"B","company":"C","emails":[{"label":"Work","value":"a@b.example"}]}}',
      ],
      { emu, tty: true, env: { NO_COLOR: '1' } },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/externalId {2,}P-8001/);
    const q = await runCli(
      [
        'campaigns',
        'create-card',
        'cmp_native',
        '-q',
        '--data',
        '{"externalId":"P-8002","fields":{"firstName":"A","lastName":"B","company":"C","emails":[{"label":"Work","value":"a@b.example"}]}}',
      ],
      { emu },
    );
    expect([q.exitCode, q.stdout]).toEqual([0, expect.stringMatching(/^crd_\w+\n$/)]);
  });

  it('exit 5 for a duplicate or invalid record (details listed), 3 for a full plan, 2 for a bad key', async () => {
    const dup = await runCli(
      [
        'campaigns',
        'create-card',
        'cmp_mapped',
        '--data',
        JSON.stringify({ ...grace, employee: { ...grace.employee, id: 'EMP-1001' } }),
      ],
      { emu },
    );
    expect([dup.exitCode, dup.stderr]).toEqual([5, expect.stringContaining('duplicate_external_id (409)')]);
    // The one route whose answers carry Request-Id (api-spec): the error shows it.
    expect(dup.stderr).toMatch(/\n {2}request id: req_\w+\n/);
    const invalid = await runCli(
      ['campaigns', 'create-card', 'cmp_native', '--data', '{"externalId":"P-9","fields":{"firstName":"A"}}'],
      { emu },
    );
    expect([invalid.exitCode, invalid.stderr]).toEqual([5, expect.stringContaining('lastName: required')]);
    emu.store.accounts.find((a) => a.id === 'acc_acme')!.cardAllowance = 0;
    expect((await runCli(['campaigns', 'create-card', 'cmp_mapped', '--data', record(grace)], { emu })).exitCode).toBe(
      3,
    );
    expect(
      (
        await runCli(
          ['campaigns', 'create-card', 'cmp_mapped', '--data', record(grace), '--idempotency-key', 'k'.repeat(256)],
          { emu },
        )
      ).exitCode,
    ).toBe(2);
  });
});
