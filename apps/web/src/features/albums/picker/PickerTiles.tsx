import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { coverUrl, displayTitle } from '../list/model.ts';
import type { PickerChoice, PickerEntry } from './model.ts';

/** The key of a choice, as tiles are found by it. */
const keyOf = (choice: PickerChoice) => (choice.kind === 'new' ? 'new' : `album:${choice.albumId}`);

/** Props of {@link PickerTiles}. */
export interface PickerTilesProps {
  label: string;
  entries: readonly PickerEntry[];
  choice: PickerChoice | null;
  onChoose: (choice: PickerChoice) => void;
  /** Width of a tile, for the cover's rendition (spec 000 §9). */
  tileWidth: number;
}

/**
 * The picker's albums as a radio group (spec 000 §2 Album picker, §9 keyboard): the
 * new-album tile first, then the albums, a disabled one for the album the files come from.
 * Tab reaches the group at the chosen tile (or the first); the arrows, Home and End move
 * and choose, skipping disabled tiles; Space chooses.
 */
export function PickerTiles({ label, entries, choice, onChoose, tileWidth }: PickerTilesProps) {
  const intl = useIntl();
  const api = useApi();
  const groupRef = useRef<HTMLDivElement>(null);
  const unnamed = intl.formatMessage({ id: 'albums.unnamed' });
  const choices: { choice: PickerChoice; entry?: PickerEntry }[] = [
    { choice: { kind: 'new' } },
    ...entries.map((entry) => ({ choice: { kind: 'album', albumId: entry.album.id } as const, entry })),
  ];
  const chosenKey = choice && keyOf(choice);
  const focusKey = chosenKey ?? 'new';

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = choices.filter((c) => c.entry?.isDisabled !== true);
    const index = enabled.findIndex((c) => keyOf(c.choice) === (event.target as HTMLElement).dataset.key);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: enabled.length - 1,
    };
    const move = moves[event.key];
    if (move === undefined || index === -1) return;
    event.preventDefault();
    const next = enabled[(move + enabled.length) % enabled.length];
    if (!next) return;
    onChoose(next.choice);
    const nextKey = keyOf(next.choice);
    Array.from(groupRef.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])
      .find((tile) => tile.dataset.key === nextKey)
      ?.focus();
  };

  return (
    <div
      ref={groupRef}
      role="radiogroup"
      aria-label={label}
      className="album-picker__tiles"
      onKeyDown={handleKeyDown}
    >
      {choices.map(({ choice: item, entry }) => {
        const key = keyOf(item);
        const isDisabled = entry?.isDisabled === true;
        const src = entry && coverUrl(entry.album, api.directory.thumb, tileWidth);
        return (
          <button
            key={key}
            type="button"
            role="radio"
            data-key={key}
            className={`album-picker__tile${item.kind === 'new' ? ' album-picker__tile--new' : ''}`}
            aria-checked={key === chosenKey}
            aria-disabled={isDisabled || undefined}
            tabIndex={key === focusKey ? 0 : -1}
            onClick={() => {
              if (!isDisabled) onChoose(item);
            }}
          >
            {src ? (
              <img className="album-picker__image" src={src} alt="" decoding="async" />
            ) : (
              <span className="album-picker__icon" aria-hidden="true">
                <Icon name={entry ? 'albums' : 'add'} size={28} />
              </span>
            )}
            <span className="album-picker__name">
              {entry ? displayTitle(entry.album, unnamed) : intl.formatMessage({ id: 'albums.createTitle' })}
            </span>
            {key === chosenKey && (
              <span className="album-picker__check" aria-hidden="true">
                <Icon name="check" size={16} />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
