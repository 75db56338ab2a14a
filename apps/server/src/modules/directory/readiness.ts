import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** The components a node needs to serve (issue #26: the load balancer's readiness answer). */
export type ReadinessComponent = 'database' | 'blobs' | 'events';

export interface Readiness {
  ok: boolean;
  /** Each component's state; a failed one is named, its error only logged (it may name hosts). */
  checks: Record<ReadinessComponent, 'ok' | 'failed'>;
}

/** A probe that neither answers nor fails within this long counts as failed. */
export const READINESS_TIMEOUT_MS = 2_000;

/** A blob key no upload makes: its stat asks the store without touching a blob. */
const PROBE_KEY = 'readyz-probe';
/** The channel the probe publishes on; nothing subscribes to it. */
const PROBE_CHANNEL = 'trove:readyz';

/**
 * [Note: Readiness] `/healthz` says the process is alive; `/readyz` says this node can serve:
 * it reaches the database (`SELECT 1`), the blob store (a stat of a key no upload makes: the
 * fs store's folder, S3's endpoint and credentials) and the event bus (a publish: Redis when
 * configured), all at once, each within READINESS_TIMEOUT_MS. A load balancer takes a node
 * out while any fails; the node keeps running and comes back when they answer again.
 */
export function createReadinessCheck(deps: {
  db: Kysely<Database>;
  store: Pick<BlobStore, 'stat'>;
  bus: Pick<EventBus, 'publish'>;
  warn: (object: object, message: string) => void;
  timeoutMs?: number;
}): () => Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  const probes: Record<ReadinessComponent, () => Promise<unknown>> = {
    database: () => sql`SELECT 1`.execute(deps.db),
    blobs: () => deps.store.stat(PROBE_KEY),
    events: () => deps.bus.publish(PROBE_CHANNEL, 'probe'),
  };
  const within = async (name: ReadinessComponent, probe: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${String(timeoutMs)} ms`));
      }, timeoutMs);
    });
    try {
      await Promise.race([probe(), late]);
      return 'ok' as const;
    } catch (error) {
      deps.warn({ component: name, err: error }, 'readyz: a component does not answer');
      return 'failed' as const;
    } finally {
      clearTimeout(timer);
    }
  };
  return async () => {
    const names = Object.keys(probes) as ReadinessComponent[];
    const states = await Promise.all(names.map((name) => within(name, probes[name])));
    const checks = Object.fromEntries(names.map((name, i) => [name, states[i]])) as Readiness['checks'];
    return { ok: states.every((state) => state === 'ok'), checks };
  };
}
