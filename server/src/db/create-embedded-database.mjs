// Creates a new embedded database (PGlite's initdb) in the folder named by the first argument, then exits. Run
// in a process of its own by db/client.ts (createEmbeddedDatabase), so that what initdb holds goes back to the
// system before the server opens the database (decision 037). Plain JavaScript: the compiled server runs it as
// it is, beside dist/index.js.
//   node --liftoff-only create-embedded-database.mjs FOLDER SHARED_BUFFERS
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The folder on disk, as NodeFS mounts it, in a class PGlite takes for its in-memory one. PGlite runs initdb in a
 * second PostgreSQL of its own: for its in-memory file system that one writes straight into the first's
 * files, for any other it builds the whole folder in memory, packs it into a tar and unpacks it again (about
 * 200 MB more at the peak, measured).
 */
class WriteThroughNodeFS extends MemoryFS {
  constructor(folder) {
    super();
    this.nodeFs = new NodeFS(folder);
  }

  async init(pg, emscriptenOptions) {
    this.pg = pg;
    return this.nodeFs.init(pg, emscriptenOptions);
  }

  async closeFs() {
    await this.nodeFs.closeFs();
  }
}

// The heap copy below, in WebAssembly pages (64 kB), the unit the heap grows by.
const CHUNK = 64 * 1024;
const ZEROS = new Uint8Array(CHUNK);
const isZero = (heap, start) => {
  const end = Math.min(start + CHUNK, heap.length);
  return Buffer.from(heap.buffer, heap.byteOffset + start, end - start).equals(ZEROS.subarray(0, end - start));
};

/**
 * A copy of a heap that keeps only its pages that are not all zeros. PGlite's initdb copies the whole heap of the
 * PostgreSQL it runs (`HEAPU8.slice()`, 128 MB) and writes the copy back before each of its runs
 * (`HEAPU8.set(copy)`, five of them), so that every run starts from the same memory: 256 MB resident, of which
 * 2 MB is not zeros (measured, PGlite 0.5.16). This copy holds those 2 MB; written back, it leaves the heap
 * exactly as the whole copy would (the pages the copy held as they were, every other page zeros) and does not
 * touch a page that no run has touched, so those stay out of memory: 160 MB less at this process's peak. The
 * folder made is the same file for file (only pg_control and the WAL differ, as between any two initdbs).
 */
class SparseHeapCopy {
  constructor(heap) {
    this.length = heap.length;
    this.pages = new Map();
    for (let start = 0; start < heap.length; start += CHUNK) {
      if (!isZero(heap, start)) this.pages.set(start, Uint8Array.prototype.slice.call(heap, start, start + CHUNK));
    }
  }

  /** What `heap.set(copy)` does with the whole copy: its bytes from offset 0, the rest of the heap as it is. */
  writeInto(heap) {
    for (let start = 0; start < this.length; start += CHUNK) {
      const page = this.pages.get(start);
      if (page) Uint8Array.prototype.set.call(heap, page, start);
      else if (!isZero(heap, start)) heap.fill(0, start, start + CHUNK);
    }
  }
}

/** `slice()` without arguments (the whole heap) answers a SparseHeapCopy, which `set` writes back. */
function copySparsely(heap) {
  if (!heap || Object.hasOwn(heap, 'slice')) return heap;
  Object.defineProperty(heap, 'slice', {
    value: (...args) => (args.length === 0 ? new SparseHeapCopy(heap) : Uint8Array.prototype.slice.apply(heap, args)),
  });
  Object.defineProperty(heap, 'set', {
    value: (source, offset) =>
      source instanceof SparseHeapCopy ? source.writeInto(heap) : Uint8Array.prototype.set.call(heap, source, offset),
  });
  return heap;
}

// The second PGlite, the one initdb runs, is the one PGlite creates itself with `noInitDb` (this script never
// passes it). Its heap view is replaced when the heap grows (emscripten assigns Module.HEAPU8 again): each new
// view copies sparsely too. If a later PGlite copies its heap some other way, nothing here takes effect: initdb
// is as before, and only this process's peak grows back (server/src/db/first-start-memory.test.ts fails).
const create = PGlite.create;
PGlite.create = async function createSparselyCopied(options, ...rest) {
  const pg = await create.call(this, options, ...rest);
  if (options?.noInitDb && pg.Module) {
    let heap = copySparsely(pg.Module.HEAPU8);
    Object.defineProperty(pg.Module, 'HEAPU8', {
      configurable: true,
      enumerable: true,
      get: () => heap,
      set: (view) => {
        heap = copySparsely(view);
      },
    });
  }
  return pg;
};

const [folder, sharedBuffers] = process.argv.slice(2);
const pg = await PGlite.create({
  fs: new WriteThroughNodeFS(folder),
  // Written into postgresql.conf (the server passes the same at every start).
  initDbStartParams: ['-c', `shared_buffers=${sharedBuffers}`],
  // PGlite starts the new database once before it answers; this process only closes it again, so its
  // buffers stay small (15 to 35 MB less at this process's peak, measured).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=1MB'],
});
await pg.close();
