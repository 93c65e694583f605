import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Flushes one open file or directory of the data directory to the disk. */
export type SyncFile = (fd: number, path: string) => void;

/** The parts of Emscripten's NODEFS this file touches (PGlite does not type them). */
interface NodeFsInternals {
  stream_ops?: { fsync?: (stream: { nfd: number; path: string }) => number };
  tryFSOperation?: <T>(operation: () => T) => T;
}

/**
 * PGlite's Node filesystem, with fsync that reaches the disk.
 *
 * Emscripten's NODEFS implements no fsync: PostgreSQL's fsync() succeeds without flushing anything, and its
 * fdatasync() is a no-op in Emscripten itself (client.ts therefore sets wal_sync_method=fsync). This fills in the
 * missing fsync with a real one on the file's descriptor, so a commit and a checkpoint are on the disk when
 * PostgreSQL believes they are (README, "Durability").
 */
export class DurableNodeFS extends NodeFS {
  private readonly syncFile: SyncFile;

  constructor(dataDir: string, syncFile: SyncFile = (fd) => fsyncSync(fd)) {
    super(dataDir);
    this.syncFile = syncFile;
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, opts);
    const { emscriptenOpts } = result;
    const syncFile = this.syncFile;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodeFsInternals;
        const { stream_ops: streamOps, tryFSOperation } = nodefs;
        // Refuse to run silently without durability if a PGlite upgrade moves these.
        if (!streamOps || !tryFSOperation)
          throw new Error('PGlite NODEFS internals changed: fsync not installed');
        streamOps.fsync = (stream) => {
          // A failed fsync becomes an errno for PostgreSQL, which then stops rather than trust the data.
          tryFSOperation(() => syncFile(stream.nfd, stream.path));
          return 0;
        };
      },
    ];
    return result;
  }
}
