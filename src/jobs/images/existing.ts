// `image -d` when the file the API names for an id is already there and no index says who wrote it
// (another config dir, another user, the index removed): the file is kept, and the id skipped, when it is
// a whole image of this code in the format asked for. How it knows: the name is the one the API suggests
// for this id and format (so the name binds it to the id), and the file's bytes are the image just
// downloaded, or else they are of the format (its signature) and decode to the code's url (a cut or
// foreign file does not). A pdf is only kept when its bytes are the same (no decoder for it).
import type { ImageQuery } from '../../api/images.js';
const { openSync, readSync, fstatSync, closeSync } = process.getBuiltinModule('node:fs');

/** Files larger than this are never read to be compared (an image of this API is far smaller). */
const MAX_BYTES = 64 * 1024 * 1024;

const SIGNATURES: Record<ImageQuery['format'], (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  svg: (b) => /<svg[\s>]/.test(b.subarray(0, 4096).toString('utf8')),
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

/**
 * Why the file at `path` can be kept as this code's image (a few words), or undefined when it cannot:
 * absent, unreadable, too large, another format, cut short, or an image of something else.
 */
export async function keptImage(
  path: string,
  downloaded: Buffer,
  format: ImageQuery['format'],
  url: string,
): Promise<string | undefined> {
  const bytes = readSmall(path);
  if (!bytes) return undefined;
  if (bytes.equals(downloaded)) return 'the same image';
  if (!SIGNATURES[format](bytes) || format === 'pdf') return undefined;
  const { decodeImageBytes } = await import('../print/decode.js');
  const text = await decodeImageBytes(format, bytes).catch(() => undefined);
  return text === url ? `a whole ${format} image of this code (it decodes to ${url})` : undefined;
}

function readSmall(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return undefined;
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
