// Baseline for test/bench/images.mjs: the least a client can do to save the same images —
// sequential undici requests, each body written to <dir>/<id>.png. No CLI, no checks. Like the CLI
// (PRODUCT §13: each object is read before its image is written), the object is read beside its image.
// Usage: node test/bench/images-baseline.mjs <baseUrl> <apiKey> <dir> <size> <id>...
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';

const [baseUrl, key, dir, size, ...ids] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
for (const id of ids) {
  const headers = { authorization: `Bearer ${key}` };
  const [res, object] = await Promise.all([
    request(`${baseUrl}/qr-codes/${encodeURIComponent(id)}/image?format=png&size=${size}`, { headers, dispatcher }),
    request(`${baseUrl}/qr-codes/${encodeURIComponent(id)}`, { headers, dispatcher }),
  ]);
  const [body] = await Promise.all([res.body.arrayBuffer().then((b) => Buffer.from(b)), object.body.json()]);
  if (object.statusCode !== 200) throw new Error(`${id}: object HTTP ${object.statusCode}`);
  if (res.statusCode !== 200) throw new Error(`${id}: HTTP ${res.statusCode}`);
  await writeFile(join(dir, `${id}.png`), body);
}
await dispatcher.close();
