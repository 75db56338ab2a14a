import type { Readable } from 'node:stream';
import { seesPlaceOf, type Uploaded } from '../../access/place.ts';
import { blockReader } from '../../media/strip/byte-source.ts';
import { patchStream } from '../../media/strip/patches.ts';
import { planStrip, type StripPlan } from '../../media/strip/plan.ts';
import type { BlobStore, ByteRange } from '../../storage/blob-store.ts';

/** Plans kept per process: store keys never change content, so a plan never goes stale. */
const PLAN_CACHE_SIZE = 2000;
/** Marks a source of {@link Originals.sourceOf} as stripped; store keys never start so. */
const STRIPPED = 'noplace:';

/** Stored bytes as one viewer gets them: the same length, maybe with the place stripped. */
export interface ViewedBytes {
  size: number;
  /** True when the place was stripped: validators and caches must tell the two apart. */
  stripped: boolean;
  /** What to xor the stored bytes' CRC-32 with for these bytes' (0 when not stripped). */
  crcDelta: number;
  open: (range?: ByteRange) => Promise<Readable>;
}

/**
 * Originals (and their full-size JPEG) for a viewer (see [Note: Who sees the place]): as
 * stored for the file's uploader, place-stripped for anyone else, or nothing (undefined) when
 * the bytes' container cannot be stripped in place. Archives use it for their entries, so a
 * zip hands out exactly what the original's URL would.
 */
export function createOriginals(store: Pick<BlobStore, 'get'>) {
  const plans = new Map<string, Promise<StripPlan>>();

  function planOf(key: string, size: number): Promise<StripPlan> {
    const cached = plans.get(key);
    if (cached) {
      // Least recently used goes first: re-insert on use.
      plans.delete(key);
      plans.set(key, cached);
      return cached;
    }
    const plan = planStrip(
      blockReader((range) => store.get(key, range), size),
      size,
    );
    plans.set(key, plan);
    // A failed read is not remembered: the next request reads again.
    plan.catch(() => plans.delete(key));
    if (plans.size > PLAN_CACHE_SIZE) {
      const oldest = plans.keys().next().value;
      if (oldest !== undefined) plans.delete(oldest);
    }
    return plan;
  }

  async function stripped(key: string, size: number) {
    const plan = await planOf(key, size);
    return plan.kind === 'refused' ? undefined : plan;
  }

  return {
    /**
     * The stored bytes `key` (of `size` bytes) of `file` as `viewerId` may get them; undefined
     * when they may not get them at all (a container that cannot be stripped).
     */
    async openFor(
      viewerId: string | null,
      file: Uploaded,
      key: string,
      size: number,
    ): Promise<ViewedBytes | undefined> {
      if (seesPlaceOf(viewerId, file) || size === 0) {
        return { size, stripped: false, crcDelta: 0, open: (range) => store.get(key, bounded(range, size)) };
      }
      const plan = await stripped(key, size);
      if (!plan) return undefined;
      const { patches } = plan;
      return {
        size,
        stripped: true,
        crcDelta: plan.crcDelta,
        open: async (range) =>
          patchStream(await store.get(key, bounded(range, size)), patches, range?.start ?? 0),
      };
    },

    /**
     * A name for the bytes of `openFor` that a zip entry can carry as its source: the store
     * key itself when not stripped. {@link openSource} opens either.
     */
    sourceOf: (key: string, bytes: ViewedBytes): string =>
      bytes.stripped ? `${STRIPPED}${String(bytes.size)}:${key}` : key,

    /** Opens a range of a source named by {@link sourceOf}. */
    async openSource(source: string, range?: ByteRange): Promise<Readable> {
      if (!source.startsWith(STRIPPED)) return store.get(source, range);
      const rest = source.slice(STRIPPED.length);
      const colon = rest.indexOf(':');
      const key = rest.slice(colon + 1);
      const plan = await stripped(key, Number(rest.slice(0, colon)));
      if (!plan) throw new Error(`stored bytes ${key} can no longer be stripped`);
      return patchStream(await store.get(key, range), plan.patches, range?.start ?? 0);
    },
  };
}
export type Originals = ReturnType<typeof createOriginals>;

/**
 * The range to read stored bytes of a known size with: the whole file as an explicit range
 * when none was asked. A store streams a file in reads of up to 1 MiB and sizes each read's
 * buffer by the range's end: unbounded, every 20 KB thumbnail cost two 1 MiB buffers, and the
 * garbage they made halved media throughput (issue #23).
 */
export function bounded(range: ByteRange | undefined, size: number): ByteRange | undefined {
  return range ?? (size > 0 ? { start: 0, end: size - 1 } : undefined);
}
