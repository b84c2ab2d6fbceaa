// Where the export writes and in which format.
//
// --out <file> (README, "Reliability: disks, pipes, --out and locks"):
// - a new file, or an empty one: written to a temporary file beside it, flushed and renamed into place
//   only when complete (an existing empty file keeps its mode);
// - an existing non-empty file: the new leads are ADDED after what it holds when its first line and its
//   last complete line are lines this export writes (append-check.ts: an ndjson lead, this csv's header
//   and a row of as many cells, a vCard), again through a temporary copy renamed into place, so the
//   file keeps every lead it ever held and its mode; -o json refuses (a JSON array cannot grow);
// - a symbolic link: the file it points to is the one written (as `>` would);
// - a FIFO or a character device (/dev/null, /dev/stdout): written straight through, as `>` would;
// - a directory, a socket or a block device: refused before any request (exit 2).
// Standard output: with back-pressure; when it is a file (`> f`) every byte is checked and flushed
// before the state file moves. Any write error surfaces before the state file is touched.
import { isatty } from 'node:tty';
import { access, constants, lstat, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../../errors.js';
import { createTemp, fsyncQuiet, syncDir, writeAll, writeAllSync, WriteError } from '../../fs/durable.js';
import { isWholeJson, RecordEnds, type RecordKind } from '../../fs/torn-tail.js';
import { lockedFileTarget, resolvedPath } from '../../fs/real-path.js';
import { fileEdges, type AppendCheck } from './append-check.js';
const { fstatSync } = process.getBuiltinModule('node:fs');

export interface Sink {
  write(text: string): Promise<void>;
  /** Everything is durably written (file: flushed and renamed into place). */
  commit(): Promise<void>;
  /** Leaves the destination as it was (file: temporary file removed). */
  abort(): Promise<void>;
  /** Whether the header line is to be written (false when adding to an existing file). */
  readonly fresh: boolean;
  /** Bytes of a torn last record cut off the existing file (known once committed; 0 when none). */
  readonly cut?: number;
}

const CHUNK = 64 * 1024;

/** Buffers small writes into ~64 KB chunks. */
abstract class Buffered implements Sink {
  private pending: string[] = [];
  private size = 0;
  fresh = true;
  async write(text: string): Promise<void> {
    if (!text) return;
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= CHUNK) await this.flush();
  }
  protected async flush(): Promise<void> {
    if (!this.pending.length) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    await this.put(text);
  }
  protected abstract put(text: string): Promise<void>;
  abstract commit(): Promise<void>;
  abstract abort(): Promise<void>;
}

class StreamSink extends Buffered {
  constructor(private readonly stream: Writable) {
    super();
  }
  protected put(text: string): Promise<void> {
    // Resolves when the chunk is handed to the OS; rejects on a write error such as EPIPE.
    return new Promise((resolve, reject) => {
      const fail = (err: NodeJS.ErrnoException) => {
        this.stream.off('error', fail);
        reject(
          err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED' ? err : new WriteError('standard output', err),
        );
      };
      this.stream.once('error', fail);
      this.stream.write(text, (err) => {
        this.stream.off('error', fail);
        if (err) fail(err);
        else resolve();
      });
    });
  }
  async commit(): Promise<void> {
    await this.flush();
  }
  async abort(): Promise<void> {}
}

/** Standard output that is a file or a device (`> f`, `> /dev/full`): every byte checked, then fsync. */
class FdSink extends Buffered {
  constructor(private readonly fd: number) {
    super();
  }
  protected async put(text: string): Promise<void> {
    try {
      writeAllSync(this.fd, text);
    } catch (e) {
      throw new WriteError('standard output', e);
    }
  }
  async commit(): Promise<void> {
    await this.flush();
    try {
      fsyncQuiet(this.fd);
    } catch (e) {
      throw new WriteError('standard output', e);
    }
  }
  async abort(): Promise<void> {}
}

/** A FIFO or character device named by --out: written straight through, like `>`. */
class DeviceSink extends Buffered {
  private constructor(
    private readonly path: string,
    private readonly fh: FileHandle,
  ) {
    super();
  }
  static async open(path: string): Promise<DeviceSink> {
    try {
      return new DeviceSink(path, await open(path, constants.O_WRONLY));
    } catch (e) {
      throw new WriteError(`--out ${path}`, e);
    }
  }
  protected async put(text: string): Promise<void> {
    try {
      await writeAll(this.fh, text);
    } catch (e) {
      throw new WriteError(`--out ${this.path}`, e);
    }
  }
  async commit(): Promise<void> {
    await this.flush();
    await this.fh.close();
  }
  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}

class FileSink extends Buffered {
  private pos = 0;
  private added = 0;
  /** Bytes of a torn last record left out of the existing file. */
  cut = 0;
  private constructor(
    private readonly out: OutTarget & { kind: 'file' },
    private readonly tmp: string,
    private readonly fh: FileHandle,
  ) {
    super();
    this.fresh = !out.append;
  }
  static async create(out: OutTarget & { kind: 'file' }): Promise<FileSink> {
    let tmp: { path: string; fh: FileHandle } | undefined;
    try {
      tmp = await createTemp(out.target, out.mode ?? 0o666); // a new file: like `>`, the umask applies
      if (out.mode !== undefined) await tmp.fh.chmod(out.mode); // an existing file keeps its mode
      const sink = new FileSink(out, tmp.path, tmp.fh);
      if (out.append) await sink.copyExisting();
      return sink;
    } catch (e) {
      if (tmp) {
        await tmp.fh.close().catch(() => undefined);
        await unlink(tmp.path).catch(() => undefined);
      }
      throw new WriteError(`--out ${out.given}`, e);
    }
  }
  /**
   * The existing content first, so the file keeps every lead it held; a last record cut short (a copy or
   * a write by another tool that stopped midway) is left out, and an NDJSON line that lost only its
   * newline gets it back: what is added never glues onto a partial record.
   */
  private async copyExisting(): Promise<void> {
    const src = await open(this.out.target, 'r');
    const ends = new RecordEnds(this.out.records ?? 'lines');
    try {
      const buf = Buffer.alloc(1 << 20);
      for (;;) {
        const { bytesRead } = await src.read(buf, 0, buf.length, null);
        if (!bytesRead) break;
        ends.feed(buf.subarray(0, bytesRead));
        this.pos += await writeAll(this.fh, buf.subarray(0, bytesRead), this.pos);
      }
      if (ends.complete === ends.seen) return;
      const tail = Buffer.alloc(Math.min(ends.seen - ends.complete, 16 * 1024 * 1024 + 1));
      await src.read(tail, 0, tail.length, ends.complete);
      if ((this.out.records ?? 'lines') === 'lines' && isWholeJson(tail)) {
        this.pos += await writeAll(this.fh, '\n', this.pos);
        return;
      }
      await this.fh.truncate(ends.complete);
      this.pos = ends.complete;
      this.cut = ends.seen - ends.complete;
    } finally {
      await src.close();
    }
  }
  protected async put(text: string): Promise<void> {
    try {
      const n = await writeAll(this.fh, text, this.pos);
      this.pos += n;
      this.added += n;
    } catch (e) {
      throw new WriteError(`--out ${this.out.given}`, e);
    }
  }
  async commit(): Promise<void> {
    await this.flush();
    if (this.out.append && this.added === 0) {
      this.cut = 0;
      return this.abort(); // nothing new: the file stays as it is
    }
    try {
      await this.fh.sync();
      await this.fh.close();
      await rename(this.tmp, this.out.target);
    } catch (e) {
      await this.abort();
      throw new WriteError(`--out ${this.out.given}`, e);
    }
    await syncDir(dirname(this.out.target));
  }
  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
    await unlink(this.tmp).catch(() => undefined);
  }
}

export type OutTarget =
  | { kind: 'file'; given: string; target: string; append: boolean; mode?: number; records?: RecordKind }
  | { kind: 'device'; given: string; target: string };

export type { AppendCheck };

/** Decides what --out means (see the top of this file) before any request; exit 2 for what is refused. */
export async function checkOutPath(out: string, check: AppendCheck): Promise<OutTarget> {
  const link = await lstat(out).catch(() => undefined);
  if (link?.isSymbolicLink() && !(await stat(out).catch(() => undefined)))
    throw new UsageError(`--out ${out} is a symbolic link to a missing file; give the file's own path`);
  const existing = link?.isSymbolicLink() ? await stat(out) : link;
  if (existing?.isDirectory()) throw new UsageError(`--out ${out} is a directory; give a file name`);
  if (existing?.isFIFO() || existing?.isCharacterDevice())
    return { kind: 'device', given: out, target: resolvedPath(out) };
  if (existing && !existing.isFile())
    throw new UsageError(`--out ${out} is not a regular file, a FIFO or a character device; refusing to write to it`);
  // The file, not the path as typed: its lock is `realpath + ".lock"`, and a symlink is written through.
  const target = lockedFileTarget('--out', out);
  try {
    await access(dirname(target), constants.W_OK);
  } catch (e) {
    throw new UsageError(
      `--out ${out}: cannot write in ${dirname(target)} (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!existing) return { kind: 'file', given: out, target, append: false };
  const mode = existing.mode & 0o7777;
  if (existing.size === 0) return { kind: 'file', given: out, target, append: false, mode };
  const fits = check.fits;
  if (fits === 'never') {
    throw new UsageError(`--out ${out} already holds an export, and -o json cannot add to a JSON array`, [
      'nothing was exported and the state file is unchanged: use a new file name, or -o ndjson / -o csv, which add to an existing file',
    ]);
  }
  const edges = fileEdges(target, fits.quoted);
  const refuse = (why: string) =>
    new UsageError(`--out ${out} ${why}; refusing to add to it`, [
      'nothing was exported and the state file is unchanged: use a new file name',
    ]);
  if (!fits.first(edges.first)) throw refuse(`already holds something that is not a ${check.label} export`);
  if (edges.last === undefined || !fits.last(edges.last))
    throw refuse(
      `does not end with a complete line of a ${check.label} export (its last line is not one cardqr writes)`,
    );
  return { kind: 'file', given: out, target, append: true, mode, records: check.records };
}

/** Standard output's file descriptor is a file or a non-terminal device (`> f`, `> /dev/full`). */
function fdIsFile(fd: number | undefined): fd is number {
  if (fd === undefined) return false;
  try {
    const st = fstatSync(fd);
    return st.isFile() || (st.isCharacterDevice() && !isatty(fd));
  } catch {
    return false;
  }
}

export async function openSink(out: OutTarget | undefined, stdout: Writable, stdoutFd?: number): Promise<Sink> {
  if (out === undefined) return fdIsFile(stdoutFd) ? new FdSink(stdoutFd) : new StreamSink(stdout);
  return out.kind === 'device' ? DeviceSink.open(out.target) : FileSink.create(out);
}

/**
 * Turns spooled lead lines (JSON) into the output's text. The engine decides no format: the command
 * builds this (output/lead-export.ts) and hands it in.
 */
export interface Formatter {
  header(): string;
  item(line: string): string;
  footer(): string;
  /** Leads left out so far (the locked leads of a preset CSV or vCards). */
  skipped(): number;
  /** What an existing --out file must hold for this export to be added to it. */
  readonly append: AppendCheck;
}
