// Every request the CLI sends is one the contract documents: the commands below (every operation of
// openapi/cardqr-api.yaml among them) run against the emulator, which records each request; each
// recorded request is then held against the document (contract.ts `checkRequest`: method and path,
// query parameters, body against the request schema, key header, JSON content type, Idempotency-Key
// only where documented). Requests are told apart from the test's own by the CLI's User-Agent.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { partnersCsv, writeCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { Contract } from './contract.js';
import { contractCounts } from './counts.js';

const contract = new Contract();
const counts = contractCounts('cli-requests');
const emu = useEmulator();
const sent = new Set<string>();

async function cli(args: string[], exit = 0, key?: string) {
  const r = await runCli(args, { emu, key, answers: ['y', 'y', 'y'] });
  expect(r.exitCode, `cardqr ${args.join(' ')}\n${r.stderr}`).toBe(exit);
  return r;
}

afterEach(() => {
  const mine = emu.requests().filter((q) => (q.headers['user-agent'] ?? '').startsWith('cardqr/'));
  const problems = mine.flatMap((q) => contract.checkRequest(q).map((p) => `${q.method} ${q.path}: ${p}`));
  for (const q of mine) {
    const op = contract.match(q.method, q.path);
    if (op) sent.add(op.id);
  }
  counts.requests += mine.length;
  counts.violations += problems.length;
  expect(mine.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

afterAll(() => {
  // The commands above reach every operation the contract documents.
  expect(contract.operations.map((o) => o.id).filter((id) => !sent.has(id))).toEqual([]);
});

describe('every request the CLI sends, against openapi/cardqr-api.yaml', () => {
  it('reads: account, cards, templates, QR codes, analytics, leads, campaigns, images', async () => {
    await cli(['me']);
    await cli(['cards', 'list', '--search', 'a', '--status', 'published', '--limit', '2', '--offset', '1']);
    await cli(['cards', 'list', '--template', 'tpl_corporate', '--all']);
    await cli(['cards', 'get', 'crd_amelie']);
    await cli(['cards', 'wallet', 'crd_amelie']);
    await cli(['templates', 'list']);
    await cli(['templates', 'get', 'tpl_corporate']);
    await cli(['qr', 'list', '--status', 'archived', '--type', 'url', '--search', 'o']);
    await cli(['qr', 'get', 'qr_roboconf']);
    await cli(['analytics', 'overview', '--range', '12m', '--tz', 'Asia/Tokyo']);
    await cli(['analytics', 'get', 'qr_roboconf', '--range', '7d']);
    await cli(['leads', 'list', '--source', 'form', '--include-archived', '--since', '2026-01-01', '--all']);
    const lead = JSON.parse((await cli(['leads', 'list', '-o', 'json', '--limit', '1'])).stdout)[0] as { id: string };
    await cli(['leads', 'get', lead.id]);
    await cli(['leads', 'export', '--state', join(tempDir('cardqr-contract-'), 'state.json'), '-o', 'csv']);
    await cli(['campaigns', 'list']);
    await cli(['campaigns', 'get', 'cmp_native']);
    await cli(['campaigns', 'schema', 'cmp_mapped']);
    const dir = tempDir('cardqr-contract-');
    for (const format of ['png', 'svg', 'pdf'])
      await cli(['image', 'qr_roboconf', '-f', format, '--size', '256', '-O', join(dir, `r.${format}`)]);
  });

  it('writes: cards and QR codes created, changed and deleted', async () => {
    const card = JSON.parse(
      (
        await cli([
          'cards',
          'create',
          '--field',
          'firstName=Ada',
          '--field',
          'lastName=Lovelace',
          '--field',
          'address.city=London',
          '--email',
          'Work=ada@example.com',
          '--link',
          'linkedin=linkedin.com/in/ada',
          '--status',
          'draft',
          '-o',
          'json',
        ])
      ).stdout,
    ) as { id: string };
    await cli(['cards', 'update', card.id, '--field', 'title=Countess', '--yes']);
    await cli(['cards', 'update', card.id, '--replace', '--field', 'firstName=Ada', '--unlink-template', '--yes']);
    await cli(['cards', 'delete', card.id, '--yes']);
    const qr = JSON.parse(
      (
        await cli([
          'qr',
          'create',
          '--name',
          'Menu',
          '--url',
          'https://example.com/menu',
          '--short-code',
          'c-menu',
          '-o',
          'json',
        ])
      ).stdout,
    ) as { id: string };
    await cli(['qr', 'update', qr.id, '--name', 'Menu 2', '--url', 'https://example.com/m2']);
    await cli(['qr', 'pause', qr.id]);
    await cli(['qr', 'publish', qr.id]);
    await cli(['qr', 'delete', qr.id, '--yes']);
  });

  it('campaigns: a dry run, one card, and an import in both modes', async () => {
    const partner = {
      externalId: 'P-7001',
      fields: { firstName: 'P', lastName: 'Q', company: 'Partner', emails: [{ label: 'Work', value: 'p@x.example' }] },
    };
    await cli(['campaigns', 'test', 'cmp_native', '--data', JSON.stringify(partner)]);
    await cli(['campaigns', 'create-card', 'cmp_native', '--data', JSON.stringify(partner)]);
    await cli(['campaigns', 'import', 'cmp_native', writeCsv('p.csv', partnersCsv(2)), '--dry-run']);
    await cli(['campaigns', 'import', 'cmp_native', writeCsv('p.csv', partnersCsv(2))]);
    const hris = writeCsv(
      'hris.csv',
      [
        'employee.id,employee.givenName,employee.familyName,contact.workEmail,contact.mobile,office.city',
        'EMP-7001,Ada,Lovelace,ada@acme.example,+44 1,London',
      ].join('\n'),
    );
    await cli(['campaigns', 'import', 'cmp_mapped', hris], 0, emu.keys.campaign);
  });
});
