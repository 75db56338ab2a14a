import type { Locale } from '@trove/contract';
import { use } from 'react';
import type { Area } from './areas.ts';
import enUS from './messages/en_US.json';
import type accountModalsEnUS from './messages/accountModals/en_US.json';
import type adminEnUS from './messages/admin/en_US.json';
import type accountDeletionEnUS from './messages/accountDeletion/en_US.json';
import type albumsEnUS from './messages/albums/en_US.json';
import type castEnUS from './messages/cast/en_US.json';
import type commentsEnUS from './messages/comments/en_US.json';
import type dataAccessEnUS from './messages/dataAccess/en_US.json';
import type documentsEnUS from './messages/documents/en_US.json';
import type developerEnUS from './messages/developer/en_US.json';
import type downloadsEnUS from './messages/downloads/en_US.json';
import type editorEnUS from './messages/editor/en_US.json';
import type idpEnUS from './messages/idp/en_US.json';
import type legacyEnUS from './messages/legacy/en_US.json';
import type legalEnUS from './messages/legal/en_US.json';
import type privacyEnUS from './messages/privacy/en_US.json';
import type profilePictureEnUS from './messages/profilePicture/en_US.json';
import type sharePageEnUS from './messages/sharePage/en_US.json';
import type sharedLinksEnUS from './messages/sharedLinks/en_US.json';
import type settingsEnUS from './messages/settings/en_US.json';
import type shareDialogEnUS from './messages/shareDialog/en_US.json';
import type storageEnUS from './messages/storage/en_US.json';
import type takeoutEnUS from './messages/takeout/en_US.json';
import type trashEnUS from './messages/trash/en_US.json';
import type uploadsEnUS from './messages/uploads/en_US.json';
import type viewerEnUS from './messages/viewer/en_US.json';

/** The ids of the main catalogues; en_US.json is the reference. */
export type MainMessageId = keyof typeof enUS;

/** Every message id of the app: the main catalogue's and every area's (See: [Note: Message areas]). */
export type MessageId =
  | MainMessageId
  | keyof typeof accountModalsEnUS
  | keyof typeof adminEnUS
  | keyof typeof accountDeletionEnUS
  | keyof typeof albumsEnUS
  | keyof typeof castEnUS
  | keyof typeof commentsEnUS
  | keyof typeof dataAccessEnUS
  | keyof typeof developerEnUS
  | keyof typeof documentsEnUS
  | keyof typeof downloadsEnUS
  | keyof typeof editorEnUS
  | keyof typeof idpEnUS
  | keyof typeof legacyEnUS
  | keyof typeof legalEnUS
  | keyof typeof privacyEnUS
  | keyof typeof profilePictureEnUS
  | keyof typeof settingsEnUS
  | keyof typeof shareDialogEnUS
  | keyof typeof sharePageEnUS
  | keyof typeof sharedLinksEnUS
  | keyof typeof storageEnUS
  | keyof typeof takeoutEnUS
  | keyof typeof trashEnUS
  | keyof typeof uploadsEnUS
  | keyof typeof viewerEnUS;

/** One locale's main catalogue: an ICU message for every id. */
export type Messages = Record<MainMessageId, string>;

/** One locale's catalogue of an area (src/i18n/messages/<area>/<locale>.json). */
export type AreaMessages = Readonly<Record<string, string>>;

/**
 * [Note: Locale catalogues] Only the active language's messages are fetched (spec 001 §9;
 * issue #10: the first load of /photos carries what it shows). en_US ships in the entry
 * chunk: it is the reference catalogue and what shows if another language's chunk cannot
 * be fetched; the other three are chunks of their own, loaded before their language is
 * shown, so no screen flashes English first. Each import is typed, so a catalogue lacking
 * an id of en_US does not compile.
 */
const LOADERS: Record<Exclude<Locale, 'en_US'>, () => Promise<Messages>> = {
  nb_NO: () => import('./messages/nb_NO.json').then((module) => module.default),
  sv_SE: () => import('./messages/sv_SE.json').then((module) => module.default),
  bg_BG: () => import('./messages/bg_BG.json').then((module) => module.default),
};

const loaded = new Map<Locale, Messages>([['en_US', enUS]]);
const loading = new Map<Locale, Promise<Messages>>();

/** The catalogue of `locale` if it is loaded already. */
export function findMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/**
 * The catalogue of `locale`, fetched once. Never rejects: a catalogue that cannot be
 * fetched (offline, or a deploy removed the chunk) resolves to en_US, and the next call
 * tries again.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return Promise.resolve(known);
  if (locale === 'en_US') return Promise.resolve(enUS);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (messages) => {
        loaded.set(locale, messages);
        loading.delete(locale);
        return messages;
      },
      (error: unknown) => {
        console.warn(`the ${locale} messages could not be loaded; showing en_US`, error);
        loading.delete(locale);
        return enUS;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** The catalogue of `locale`; suspends (React `use`) while it is fetched. */
export function useMessages(locale: Locale): Messages {
  return findMessages(locale) ?? use(loadMessages(locale));
}

// See: [Note: Message areas]. Each area catalogue is a chunk of its own (precompiled like the
// main ones, See: [Note: Precompiled messages]); messages.test.ts checks that every area has
// the same keys in every locale.
// Keys relative to messages/ (`base`): shorter, in the first load of /photos (its budget).
const AREA_LOADERS = import.meta.glob<{ default: AreaMessages }>('./*/*.json', { base: './messages' });

const areasLoaded = new Map<string, AreaMessages>();
const areasLoading = new Map<string, Promise<AreaMessages>>();

/** The catalogue of `area` in `locale` if it is loaded already. */
export function findAreaMessages(area: Area, locale: Locale): AreaMessages | undefined {
  return areasLoaded.get(`${area}/${locale}`);
}

/**
 * The catalogue of `area` in `locale`, fetched once. One that cannot be fetched resolves to
 * the area's en_US catalogue, as the main ones do, until the page is reloaded (a retry on
 * every render would fetch in a loop); rejects only if that cannot be fetched either (the
 * screen then offers a reload, See: [Note: Lazy screens]), and the next call tries again.
 */
export function loadAreaMessages(area: Area, locale: Locale): Promise<AreaMessages> {
  const id = `${area}/${locale}`;
  const known = areasLoaded.get(id);
  if (known) return Promise.resolve(known);
  let pending = areasLoading.get(id);
  if (!pending) {
    const load = AREA_LOADERS[`./${id}.json`];
    pending = (load ? load() : Promise.reject(new Error(`no catalogue ${id}`))).then(
      ({ default: messages }) => {
        areasLoaded.set(id, messages);
        areasLoading.delete(id);
        return messages;
      },
      (error: unknown) => {
        areasLoading.delete(id);
        if (locale === 'en_US') throw error;
        console.warn(`the ${id} messages could not be loaded; showing en_US`, error);
        return loadAreaMessages(area, 'en_US').then((english) => {
          areasLoaded.set(id, english);
          return english;
        });
      },
    );
    areasLoading.set(id, pending);
  }
  return pending;
}
