/**
 * [Note: Message areas] The messages only lazy screens show live in catalogues of their
 * own, one per area and locale (src/i18n/messages/<area>/<locale>.json), so the first load
 * of /photos does not carry them (issue #10, budget in bench/budgets.json). A screen of an
 * area is declared with `lazyScreen(load, { messages: area })`, which fetches the screen's
 * chunk and the area's catalogue in parallel and renders the screen with main + area
 * messages (See: [Note: Locale catalogues]).
 *
 * A key belongs to the area whose prefix it matches, the longest prefix winning; `main`
 * lists keys that match an area's prefix but must stay in the main catalogue because the
 * entry chunk, or a screen of another area, uses them. A prefix ending in '.' matches every
 * key that starts with it; any other entry matches that key and the keys below it
 * ('albums.search' matches 'albums.search' and 'albums.search.hint', not 'albums.searchy').
 * Keys that match nothing are main. `node scripts/add-messages.ts` writes each key to its
 * area's files, and `node scripts/add-messages.ts --resplit` moves keys to where this table
 * says they belong.
 *
 * `folders` are the source paths (below src/) allowed to use an area's keys: components
 * rendered inside that area's screens only. messages.test.ts checks them, and the build
 * fails if the first load's JavaScript names an area's key (vite.config.ts).
 */
export const AREAS = {
  main: {
    prefixes: [
      // The timeline's selection bar and the file menu (first load) open the album picker.
      'albums.picker.addTitle',
      'albums.readOnlyTooltip',
      // The subscribe tooltip of a read-only user's disabled buttons: the timeline's Add
      // photos (first load) and the album toolbar (storage/SubscriptionGate).
      'albumView.needsSubscription',
      // The settings page and the albums' set-name dialog both ask for the user's name; the
      // share dialog's invitation opens that dialog too (spec 001 §4 missing-name prompt).
      'settings.name',
      'settings.nameFailed',
      'albumEdit.userName',
      'albumEdit.done',
      // The viewer's slideshow button and the album toolbar's say the same.
      'viewer.slideshowPlay',
      // The uploader's parts in the first load (See: uploads below).
      'upload.addFolder',
      'upload.leaveWarning',
      'upload.drop',
    ],
    folders: [],
  },
  // album-access/: the album's password and gone pages, shown by the albums' visitor pages and
  // by /albumImage inside the albums area (See: AlbumImagePage).
  albums: {
    prefixes: ['albums.', 'albumEdit.', 'albumView.'],
    folders: ['features/albums/', 'album-access/AlbumPasswordPage', 'album-access/AlbumGonePages'],
  },
  settings: { prefixes: ['settings.', 'devices.'], folders: ['features/settings/', 'features/devices/'] },
  idp: {
    prefixes: ['idp.'],
    folders: [
      'features/auth/SignIn',
      'features/auth/SignUp',
      'features/auth/IdpFormError',
      'features/auth/idp-',
    ],
  },
  legal: { prefixes: ['legal.'], folders: ['features/legal/'] },
  viewer: { prefixes: ['viewer.'], folders: ['features/viewer/'] },
  // The photo editor (issue #27), its own chunk over the viewer; the Edit button's words are main.
  editor: { prefixes: ['editor.'], folders: ['features/editor/'] },
  comments: { prefixes: ['comments.'], folders: ['features/comments/'] },
  trash: { prefixes: ['trash.'], folders: ['features/trash/'] },
  // The upload panel (a lazy part of its own) and what only it shows; the drop overlay, the
  // add-folder button and the leave warning stay in the first load (main, below).
  uploads: {
    prefixes: ['upload.'],
    folders: [
      'features/uploads/UploadPanel',
      'features/uploads/UploadRow',
      'features/uploads/UploadList',
      'features/uploads/StopUploadsDialog',
      'features/uploads/upload-texts',
    ],
  },
  documents: { prefixes: ['documents.'], folders: ['features/documents/'] },
  takeout: { prefixes: ['takeout.'], folders: ['features/takeout/'] },
  downloads: { prefixes: ['downloads.'], folders: ['features/downloads/'] },
  // The share dialog (issue #15), a lazy part opened from the selection bar, the file menus,
  // the viewer and the album view; their Share buttons' own words are main (fileActions.share).
  shareDialog: { prefixes: ['shareDialog.'], folders: ['features/shares/dialog/'] },
  // The receiving side of shares (issue #15): /share, /albumImage, /selectPhotos.
  sharePage: { prefixes: ['sharePage.'], folders: ['features/shares/page/'] },
  // My shared links (issue #23): /settings/shared-links.
  sharedLinks: { prefixes: ['sharedLinks.'], folders: ['features/shared-links/'] },
  // Data access (issue #24): a section of its own chunk, mounted on the privacy page.
  dataAccess: { prefixes: ['dataAccess.'], folders: ['features/data-access/'] },
  legacy: { prefixes: ['legacy.'], folders: ['features/legacy/'] },
  // The modal queue after sign-in (issue #24): the terms prompt and the full-screen cards.
  accountModals: { prefixes: ['accountModals.'], folders: ['features/account-modals/'] },
  // The operator's admin area (issue #24): /admin.
  admin: { prefixes: ['admin.'], folders: ['features/admin/'] },
  // Account deletion (issue #24): a lazy part of /settings/privacy.
  accountDeletion: { prefixes: ['accountDeletion.'], folders: ['features/account-deletion/'] },
  // /selectProfilePicture (issue #24, spec 000 §2): choose, crop and save the picture.
  profilePicture: { prefixes: ['profilePicture.'], folders: ['features/profile-picture/'] },
  // The privacy page, the e-mail settings and the unsubscribe page (issue #24, spec 001 §2).
  privacy: { prefixes: ['privacy.'], folders: ['features/privacy/'] },
  // The test flags, advanced and developer test pages (issue #24, spec 001 §2), below /settings.
  developer: { prefixes: ['developer.'], folders: ['features/developer/'] },
  // The storage plans, payment card and subscribe wizard (issue #25, spec 001 §2, §4).
  storage: { prefixes: ['storage.'], folders: ['features/storage/'] },
  // Casting (issue #27): the TV's receiver page (/tv), the pairing page (/cast) and the Cast
  // button's dialog, a lazy part of the album view and the viewer.
  cast: { prefixes: ['cast.'], folders: ['features/cast/'] },
  // The sandbox's stand-in for Stripe.js (/sandbox/stripe.js, a script of its own that imports
  // these catalogues directly, never the app's).
  sandboxStripe: { prefixes: ['sandboxStripe.'], folders: ['sandbox-stripe/'] },
} as const satisfies Record<string, { prefixes: readonly string[]; folders: readonly string[] }>;

/** A catalogue of its own, fetched with the screens that show it. */
export type Area = Exclude<keyof typeof AREAS, 'main'>;

/** Every area, in the order of {@link AREAS}. */
export const AREA_NAMES = Object.keys(AREAS).filter((name) => name !== 'main') as Area[];

function matches(key: string, prefix: string): boolean {
  return prefix.endsWith('.') ? key.startsWith(prefix) : key === prefix || key.startsWith(`${prefix}.`);
}

/** The area the message `key` belongs to; undefined: the main catalogue. */
export function areaOf(key: string): Area | undefined {
  let best: { name: keyof typeof AREAS; length: number } | undefined;
  for (const name of Object.keys(AREAS) as (keyof typeof AREAS)[]) {
    for (const prefix of AREAS[name].prefixes as readonly string[]) {
      if (matches(key, prefix) && prefix.length > (best?.length ?? -1))
        best = { name, length: prefix.length };
    }
  }
  return best?.name === 'main' ? undefined : best?.name;
}
