import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator/index.js';
import { serializeCard, serializeQrCode } from '../../src/emulator/serialize.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  decodeImage,
  decodeRgba,
  hasPdftoppm,
  pdfInfo,
  pdfRaster,
  pngRaster,
  sharpRaster,
  svgRaster,
} from '../helpers/qr-decode.js';

const emu = useEmulator();

interface ImgRes {
  status: number;
  headers: Headers;
  buf: Buffer;
  json: any;
}

async function image(
  id: string,
  query: Record<string, string | number | boolean> = {},
  key: string | null = emu.keys.full,
): Promise<ImgRes> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${emu.baseUrl}/qr-codes/${encodeURIComponent(id)}/image${qs ? `?${qs}` : ''}`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: any;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) json = JSON.parse(buf.toString('utf8'));
  return { status: res.status, headers: res.headers, buf, json };
}

const urlOf = (e: Emulator, id: string): string => {
  const qr = e.store.qrCode('acc_acme', id);
  if (qr) return serializeQrCode(e.store, qr).url;
  const card = e.store.card('acc_acme', id);
  if (!card) throw new Error(`no record ${id}`);
  return serializeCard(e.store, card).url;
};

const TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const EXT: Record<string, string> = { png: 'png', svg: 'svg', pdf: 'pdf', jpeg: 'jpg', webp: 'webp' };

describe('GET /qr-codes/:id/image decodes to exactly the object url', () => {
  const cases = ['png', 'svg', 'pdf', 'jpeg', 'webp'].flatMap((format) =>
    [
      ['card', 'crd_amelie'],
      ['qr code', 'qr_support'],
      ['framed qr code', 'qr_roboconf'],
    ].flatMap(([kind, id]) => [128, 700].map((size) => ({ format, kind, id, size }))),
  );

  it.each(cases)('$format $kind ($id) at $size px', async ({ format, id, size }) => {
    const r = await image(id, { format, size });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(TYPES[format]);
    const shortCode = (emu.store.qrCode('acc_acme', id) ?? emu.store.card('acc_acme', id))!.shortCode;
    expect(r.headers.get('content-disposition')).toBe(`inline; filename="${shortCode}.${EXT[format]}"`);
    expect(r.headers.get('cache-control')).toBe('private, max-age=3600');
    const framed = id === 'qr_roboconf';
    if (format === 'pdf') {
      const info = await pdfInfo(r.buf);
      expect(info.pages).toBe(1);
      expect(info.width).toBeCloseTo((size * 72) / 300, 3);
      expect(info.height > info.width).toBe(framed);
      if (!hasPdftoppm()) return; // the page checks above still ran
    } else if (format !== 'svg') {
      const raster = format === 'png' ? pngRaster(r.buf) : await sharpRaster(r.buf);
      expect(raster.width).toBe(size);
      expect(raster.height > size).toBe(framed);
    }
    expect(await decodeImage(format, r.buf)).toBe(urlOf(emu, id));
  });

  it('png is the default format at 512 px, and download=true makes it an attachment', async () => {
    const r = await image('qr_support', { download: true });
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="acme-support.png"');
    expect(pngRaster(r.buf).width).toBe(512);
  });

  it('svg is well-formed XML of the requested width with the url as title', async () => {
    const r = await image('crd_amelie', { format: 'svg', size: 300 });
    const text = r.buf.toString('utf8');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg [^>]*width="300" height="300"/);
    expect(text).toContain(`<title>${urlOf(emu, 'crd_amelie')}</title>`);
    expect((await svgRaster(r.buf)).width).toBe(300);
  });

  it('encodes the custom domain when the account has one', async () => {
    emu.store.account('acc_acme')!.publicBase = 'https://cards.acme-robotics.example';
    for (const id of ['crd_kenji', 'qr_careers']) {
      const expected = urlOf(emu, id);
      expect(expected.startsWith('https://cards.acme-robotics.example/')).toBe(true);
      expect(await decodeImage('png', (await image(id)).buf)).toBe(expected);
    }
  });

  it('pdf is one page at 300 dpi and decodes after rasterisation', async () => {
    const r = await image('qr_support', { format: 'pdf', size: 600 });
    expect(r.buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfInfo(r.buf)).toEqual({ pages: 1, width: 144, height: 144 });
    if (hasPdftoppm()) expect(pdfRaster(r.buf).width).toBe(600);
  });
});

describe('design and transparency', () => {
  it('draws the saved colours and a frame taller than wide', async () => {
    const raster = pngRaster((await image('qr_roboconf', { size: 400 })).buf);
    expect(raster.width).toBe(400);
    expect(raster.height).toBeGreaterThan(400);
    const colours = new Set<string>();
    for (let i = 0; i < raster.data.length; i += 4)
      colours.add(`${raster.data[i]},${raster.data[i + 1]},${raster.data[i + 2]}`);
    expect([...colours].sort()).toEqual(['11,61,145', '255,255,255']); // #0B3D91 on white, nothing else
    // the label band under the code is mostly the foreground colour
    const y = raster.height - 3;
    expect(raster.data.subarray((y * 400 + 200) * 4, (y * 400 + 200) * 4 + 3)).toEqual(Buffer.from([11, 61, 145]));
  });

  it('transparent png has an alpha channel with clear background pixels', async () => {
    const r = await image('qr_support', { transparent: true, size: 256 });
    const raster = pngRaster(r.buf);
    expect(raster.colorType).toBe(6);
    expect(raster.data[3]).toBe(0); // top-left corner: quiet zone
    const alphas = new Set<number>();
    for (let i = 3; i < raster.data.length; i += 4) alphas.add(raster.data[i]);
    expect([...alphas].sort()).toEqual([0, 255]);
    expect(decodeRgba(raster)).toBe(urlOf(emu, 'qr_support'));
  });

  it('an opaque png has no alpha channel', async () => {
    expect(pngRaster((await image('qr_support')).buf).colorType).toBe(2);
  });

  it('transparent webp keeps alpha; transparent svg has no background rectangle', async () => {
    const webp = await sharpRaster((await image('qr_support', { format: 'webp', transparent: true })).buf);
    expect(webp.data[3]).toBe(0);
    const opaque = (await image('qr_support', { format: 'svg' })).buf.toString('utf8');
    const clear = (await image('qr_support', { format: 'svg', transparent: true })).buf.toString('utf8');
    expect(opaque).toContain('<rect ');
    expect(clear).not.toContain('<rect ');
    expect(await decodeImage('svg', Buffer.from(clear))).toBe(urlOf(emu, 'qr_support'));
  });
});

describe('validation, lookup and access', () => {
  it.each([
    [{ size: 127 }, [{ path: ['size'], code: 'too_small' }]],
    [{ size: 4097 }, [{ path: ['size'], code: 'too_big' }]],
    [{ size: 'big' }, [{ path: ['size'], code: 'invalid_type' }]],
    [{ format: 'gif' }, [{ path: ['format'], code: 'invalid_enum_value' }]],
    [{ format: 'jpeg', transparent: true }, [{ path: ['transparent'], code: 'custom' }]],
    [{ format: 'pdf', transparent: 'true' }, [{ path: ['transparent'], code: 'custom' }]],
    [
      { transparent: 'maybe', download: 'yes' },
      [
        { path: ['transparent'], code: 'invalid_type' },
        { path: ['download'], code: 'invalid_type' },
      ],
    ],
    [
      { format: 'tiff', size: 0 },
      [
        { path: ['format'], code: 'invalid_enum_value' },
        { path: ['size'], code: 'too_small' },
      ],
    ],
  ])('%o → 422 validation_failed listing every problem', async (query, details) => {
    const r = await image('qr_support', query as Record<string, string>);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('validation_failed');
    expect(r.json.error.details).toEqual(details.map((d) => ({ ...d, message: expect.any(String) })));
  });

  it.each([
    ['unknown', 'qr_nope'],
    ['in Trash', 'crd_sven'],
    ['QR code in Trash', 'qr_flyer'],
    ['of another account', 'crd_camille'],
  ])('%s id → 404 resource_not_found', async (_label, id) => {
    const r = await image(id);
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('resource_not_found');
  });

  it('accepts either read scope and refuses other keys', async () => {
    emu.store.apiKeys.push(
      {
        ...emu.store.keyBySecret(emu.keys.full)!,
        id: 'key_cr',
        name: 'cards-read',
        secret: 'cq_live_cardsread_x',
        scopes: ['cards:read'],
      },
      {
        ...emu.store.keyBySecret(emu.keys.full)!,
        id: 'key_an',
        name: 'analytics',
        secret: 'cq_live_analytics_x',
        scopes: ['analytics:read'],
      },
    );
    expect((await image('crd_amelie', {}, emu.keys.qronly)).status).toBe(200);
    expect((await image('qr_support', {}, 'cq_live_cardsread_x')).status).toBe(200);
    expect((await image('qr_support', {}, 'cq_live_analytics_x')).json.error.code).toBe('forbidden');
    const scoped = await image('crd_fatima', {}, emu.keys.campaign);
    expect([scoped.status, scoped.json.error.code]).toEqual([403, 'key_scoped_to_campaign']);
    expect((await image('qr_support', {}, null)).status).toBe(401);
  });

  it('paused, draft and archived records still have images', async () => {
    for (const id of ['crd_aleksandra', 'crd_priya', 'crd_mateus', 'qr_promo', 'qr_webinar']) {
      expect(await decodeImage('png', (await image(id)).buf)).toBe(urlOf(emu, id));
    }
  });
});
