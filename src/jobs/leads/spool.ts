// A temporary file of pages of JSON lines, written in the order pages arrive (newest first) and
// read back page by page in reverse (oldest first). Memory holds one page at a time.
import { unlink, type FileHandle } from 'node:fs/promises';
import { createExclusive, writeAll, WriteError } from '../../fs/durable.js';

interface Extent {
  pos: number;
  bytes: number;
}

export class Spool {
  private extents: Extent[] = [];
  private size = 0;
  /** Lines written so far. */
  count = 0;

  private constructor(
    readonly path: string,
    private readonly fh: FileHandle,
  ) {}

  /**
   * Creates the spool at `path`; the caller holds the lock that makes the name its own, so whatever is
   * there (left by a killed run, or a planted symlink) is removed, never followed, and the file is
   * created with O_EXCL.
   */
  static async create(path: string): Promise<Spool> {
    await unlink(path).catch(() => undefined);
    try {
      return new Spool(path, await createExclusive(path));
    } catch (e) {
      throw new WriteError(`the spool file ${path}`, e);
    }
  }

  /** Appends one page of lines (each a JSON document without a newline), in the order given. */
  async append(lines: string[]): Promise<void> {
    if (!lines.length) return;
    const buf = Buffer.from(lines.join('\n'), 'utf8');
    try {
      await writeAll(this.fh, buf, this.size);
    } catch (e) {
      throw new WriteError(`the spool file ${this.path}`, e);
    }
    this.extents.push({ pos: this.size, bytes: buf.length });
    this.size += buf.length;
    this.count += lines.length;
  }

  /** Every line, last page first and each page's lines in reverse: the reverse of the write order. */
  async *reversed(): AsyncGenerator<string> {
    for (let i = this.extents.length - 1; i >= 0; i--) {
      const { pos, bytes } = this.extents[i];
      const buf = Buffer.alloc(bytes);
      let done = 0;
      while (done < bytes) {
        const { bytesRead } = await this.fh.read(buf, done, bytes - done, pos + done);
        if (!bytesRead) throw new Error(`spool ${this.path} is shorter than written`);
        done += bytesRead;
      }
      const lines = buf.toString('utf8').split('\n');
      for (let j = lines.length - 1; j >= 0; j--) yield lines[j];
    }
  }

  async dispose(): Promise<void> {
    await this.fh.close().catch(() => undefined);
    await unlink(this.path).catch(() => undefined);
  }
}
