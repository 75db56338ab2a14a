import { AlbumViewMode, type OptionValue } from '@trove/contract';
import { ValidationError } from '../../errors.ts';
import type { OptionsRepository } from './options.repository.ts';

/** At most this many options per user, so one account cannot fill the table. */
export const MAX_OPTIONS = 1000;

/** The values an option may take, where the product defines them (spec 000 §3 view mode). */
function checkValue(name: string, value: string): void {
  if (name.startsWith('album_view_mode.') && !AlbumViewMode.safeParse(value).success)
    throw new ValidationError('An album view mode is grid or flow');
}

/**
 * Each user's own settings (spec 000 §7 Options), e.g. an album's view mode
 * (`viewModeOption(albumId)`). A name never set reads as null.
 */
export function createOptionsService(deps: { options: OptionsRepository; now: () => number }) {
  const { options } = deps;
  return {
    async get(userId: string, name: string): Promise<OptionValue> {
      return { name, value: (await options.find(userId, name)) ?? null };
    },
    async put(userId: string, name: string, value: string): Promise<OptionValue> {
      checkValue(name, value);
      const known = (await options.find(userId, name)) !== undefined;
      if (!known && (await options.count(userId)) >= MAX_OPTIONS)
        throw new ValidationError(`At most ${String(MAX_OPTIONS)} options`);
      await options.put(userId, name, value, deps.now());
      return { name, value };
    },
    async remove(userId: string, name: string): Promise<OptionValue> {
      await options.remove(userId, name);
      return { name, value: null };
    },
  };
}
export type OptionsService = ReturnType<typeof createOptionsService>;
