// Random spec-valid answers drive the CLI's read commands. For each read operation, fast-check draws
// answers from the contract's 200 schema (arbitrary.ts; each also checked by ajv), a local server on
// 127.0.0.1 port 0 serves them, and the real CLI entry point runs in-process against it, with -o json
// and with the default table of a terminal. A spec-valid answer never fails a command: exit 0, and the
// JSON output is the answer as it came. The seed is fixed, so a failure replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useAnswerServer } from '../helpers/answer-server.js';
import { arbitraryFor } from './arbitrary.js';
import { Contract, errorsText } from './contract.js';
import { contractCounts } from './counts.js';

const contract = new Contract();
const counts = contractCounts('random-answers');
const RUNS = 200;

/** Each read command and the operation it calls. */
const READS: Array<[string, string[]]> = [
  ['getMe', ['me']],
  ['listCards', ['cards', 'list']],
  ['getCard', ['cards', 'get', 'crd_r']],
  ['getCardWallet', ['cards', 'wallet', 'crd_r']],
  ['listQrCodes', ['qr', 'list']],
  ['getQrCode', ['qr', 'get', 'qr_r']],
  ['listTemplates', ['templates', 'list']],
  ['getTemplate', ['templates', 'get', 'tpl_r']],
  ['listCampaigns', ['campaigns', 'list']],
  ['getCampaign', ['campaigns', 'get', 'cmp_r']],
  ['getCampaignSchema', ['campaigns', 'schema', 'cmp_r']],
  ['listLeads', ['leads', 'list']],
  ['getLead', ['leads', 'get', 'lead_r']],
  ['getAnalyticsOverview', ['analytics', 'overview']],
  ['getAnalytics', ['analytics', 'get', 'qr_r']],
];

const api = useAnswerServer(contract);

describe('random spec-valid answers drive every read command', () => {
  it.each(READS)('%s: %j', async (id, args) => {
    const op = contract.operations.find((o) => o.id === id)!;
    const pointer = op.responses.get('200')!.content.get('application/json')!;
    const validate = contract.validator(pointer);
    await fc.assert(
      fc.asyncProperty(arbitraryFor(contract, pointer), async (body) => {
        counts.random++;
        if (!validate(body)) {
          counts.violations++;
          throw new Error(`the generator made an answer the contract refuses: ${errorsText(validate).join('; ')}`);
        }
        api.serve(op, body);
        const json = await api.json(args);
        const shown = id.startsWith('list') ? (body as { data: unknown }).data : body;
        expect(json.stderr).not.toMatch(/unexpected/i);
        expect(json.exitCode, json.stderr).toBe(0);
        // As it came: what JSON itself keeps (-0 is 0 once sent); `me` adds the profile and base URL.
        const sent: unknown = JSON.parse(JSON.stringify(shown));
        if (id === 'getMe') expect(JSON.parse(json.stdout)).toMatchObject(sent as object);
        else expect(JSON.parse(json.stdout)).toEqual(sent);
        const table = await api.table(args);
        expect(table.stderr).not.toMatch(/unexpected/i);
        expect(table.exitCode, table.stderr).toBe(0);
      }),
      { numRuns: RUNS, seed: 22 },
    );
    expect(api.stray).toEqual([]);
    // What the CLI asked for is what the contract documents (GETs: no body).
    const asked = api.received.splice(0);
    const problems = asked.flatMap((q) => contract.checkRequest(q));
    counts.requests += asked.length;
    counts.violations += problems.length;
    expect(problems).toEqual([]);
  });
});
