// Baseline for test/bench/images.mjs: the least a client can do to save the same images —
// sequential undici requests, each body written to <dir>/<id>.png. No CLI, no checks.
// Usage: node test/bench/images-baseline.mjs <baseUrl> <apiKey> <dir> <size> <id>...
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';

const [baseUrl, key, dir, size, ...ids] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
for (const id of ids) {
  const res = await request(`${baseUrl}/qr-codes/${encodeURIComponent(id)}/image?format=png&size=${size}`, {
    headers: { authorization: `Bearer ${key}` },
    dispatcher,
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${id}: HTTP ${res.statusCode}`);
  await writeFile(join(dir, `${id}.png`), body);
}
await dispatcher.close();
