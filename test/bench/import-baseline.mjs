// Baseline for the import benchmark: the least a script can do to send the same rows — read the CSV
// (simple rows, no quoting), build each native body, POST it with an Idempotency-Key through undici,
// one request at a time. Usage: node import-baseline.mjs <baseUrl> <key> <campaignId> <file.csv>
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';

const [baseUrl, key, campaignId, file] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
const url = `${baseUrl}/campaigns/${campaignId}/cards`;
let header;
let sent = 0;
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (!line) continue;
  const cells = line.split(',');
  if (!header) {
    header = cells;
    continue;
  }
  const [externalId, firstName, lastName, company, label, value] = cells;
  const body = JSON.stringify({ externalId, fields: { firstName, lastName, company, emails: [{ label, value }] } });
  const res = await request(url, {
    method: 'POST',
    dispatcher,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'idempotency-key': createHash('sha256').update(`${campaignId}\0${externalId}\0${body}`).digest('hex'),
    },
    body,
  });
  await res.body.arrayBuffer();
  if (res.statusCode !== 201) throw new Error(`row ${externalId}: HTTP ${res.statusCode}`);
  sent++;
}
await dispatcher.close();
process.stdout.write(`${sent}\n`);
