import type { Config } from '../config.ts';
import { createInProcessEventBus, type EventBus } from './event-bus.ts';
import { createRedisEventBus } from './redis-event-bus.ts';

/** Redis pub/sub when REDIS_URL is set (several processes), else one process's emitter. */
export function openEventBus(config: Config, onError?: (error: unknown) => void): EventBus {
  if (config.REDIS_URL === '') return createInProcessEventBus();
  return createRedisEventBus(config.REDIS_URL, {
    prefix: `${config.REDIS_PREFIX}:`,
    ...(onError && { onError }),
  });
}
