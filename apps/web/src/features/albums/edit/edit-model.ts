import { MAX_ALBUM_TITLE_LENGTH, type CreateAlbumBody } from '@trove/contract';

/** The settings of step 1 of spec 000 §4 Album create. */
export interface AlbumSettings {
  title: string;
  isShared: boolean;
  allowComments: boolean;
  allowUploads: boolean;
}

/**
 * spec 000 §5 shared defaults: comments and uploads allowed, isShared true; the title stays
 * empty and shows the 'my new shared album' placeholder.
 */
export const NEW_ALBUM_DEFAULTS: AlbumSettings = {
  title: '',
  isShared: true,
  allowComments: true,
  allowUploads: true,
};

/** Why a title cannot be saved (spec 000 §5), or undefined when it can. */
export type TitleError = 'sharedNeedsName' | 'tooLong';

/**
 * spec 000 §5 album title: at most 255 characters (UTF-16 units, as the input's maxlength
 * and the contract count them); a shared album's title may not be empty
 * or whitespace only ('album name is required for shared albums').
 */
export function titleError(title: string, isShared: boolean): TitleError | undefined {
  if (title.length > MAX_ALBUM_TITLE_LENGTH) return 'tooLong';
  if (isShared && title.trim() === '') return 'sharedNeedsName';
  return undefined;
}

/**
 * spec 000 §5 create button: a private album may be created unnamed (the gate is only that
 * nothing is being saved); a shared one needs a valid title. The user's own name, which a
 * shared album also needs, is asked for when Create is pressed (the set-name modal), so it
 * does not disable the button.
 */
export function canCreate(settings: AlbumSettings, isBusy: boolean): boolean {
  return !isBusy && titleError(settings.title, settings.isShared) === undefined;
}

/** spec 000 §5: a shared album needs the account's user name; a prompt asks for it first. */
export function needsUserName(settings: AlbumSettings, userName: string | undefined): boolean {
  return settings.isShared && (userName ?? '').trim() === '';
}

/** The set-name modal's Done: only with a non-empty name of at most 255 characters (spec 000 §5). */
export function canSaveUserName(name: string): boolean {
  return name.trim() !== '' && name.length <= MAX_ALBUM_TITLE_LENGTH;
}

/** POST /jobs with the spec's field names (spec 000 §7); a private album carries no permissions. */
export function createBody(settings: AlbumSettings): CreateAlbumBody {
  return {
    name: settings.title.trim(),
    public: settings.isShared,
    allow_comments: settings.isShared ? settings.allowComments : true,
    allow_uploads: settings.isShared ? settings.allowUploads : true,
  };
}

/**
 * What the title field saves on blur for an existing album (spec 000 §5 "saved on blur"):
 * the new title, or undefined when nothing should be sent: unchanged, invalid, or emptied
 * only by the first focus (the field is cleared on first focus, §5, and a user who then
 * leaves without typing keeps the old title).
 */
export function titleToSave(
  draft: string,
  saved: string,
  options: { isShared: boolean; hasTyped: boolean },
): string | undefined {
  if (!options.hasTyped) return undefined;
  const title = draft.trim();
  if (title === saved || titleError(title, options.isShared)) return undefined;
  return title;
}

/** The state of the picker's counter and Next (spec 000 §5 photo selection for a picker). */
export interface PickerStatus {
  /** Next ('Add photos') is active: above 0 and not above the maximum. */
  canAdd: boolean;
  /** The counter shows in the error colour. */
  isOverMax: boolean;
}

/** spec 000 §5: Next is active only when 0 < count ≤ max; above the max the counter turns red. */
export function pickerStatus(count: number, max: number | undefined): PickerStatus {
  const isOverMax = max !== undefined && count > max;
  return { canAdd: count > 0 && !isOverMax, isOverMax };
}

/** spec 000 §5: choosing more than the maximum raises the limit prompt, once per crossing. */
export function crossedMax(before: number, after: number, max: number | undefined): boolean {
  return max !== undefined && before <= max && after > max;
}

/** How many files one POST /jobs/{id}/copy_files takes (the contract's FileIds). */
export const COPY_BATCH = 500;

/** `ids` cut into batches of {@link COPY_BATCH}. */
export function batches<T>(ids: readonly T[], size = COPY_BATCH): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < ids.length; i += size) result.push(ids.slice(i, i + size));
  return result;
}

/**
 * spec 000 §4 cancel cleanup: an album created in this flow that was never given a photo
 * (none in it, none uploading, none being copied) is deleted; any other is kept.
 */
export function shouldDeleteOnCancel(flow: {
  isCreatedHere: boolean;
  fileCount: number;
  isReceiving: boolean;
}): boolean {
  return flow.isCreatedHere && flow.fileCount === 0 && !flow.isReceiving;
}
