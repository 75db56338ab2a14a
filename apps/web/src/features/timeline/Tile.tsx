import type { RemoteFile } from '@trove/contract';
import { memo, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { thumbHashToDataURL } from 'thumbhash';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useLongPress, type FileSelectionStatus } from '../selection/index.ts';
import { useHoverStages, usePreviewSource } from './use-hover.ts';

/** Elements this wide or wider use the large thumbnail (spec 000 §9). */
const LARGE_FROM_PX = 200;

/** The thumbhash as a data URL: a blurred preview painted before the thumbnail arrives. */
function placeholderOf(thumbhash: string | null): string | undefined {
  if (!thumbhash) return undefined;
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

const duration = (seconds: number) =>
  `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;

/** What a tile does; the grid decides (open, select, menu). */
export interface TileHandlers {
  /** A click without Ctrl/Cmd/Alt (those open a new tab, as links do). */
  onActivate: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A click on the tile's selection circle. */
  onSelectClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The pointer entered the tile: with Shift held, the range preview follows it. */
  onHover: (event: MouseEvent<HTMLElement>) => void;
  /** Right click, or the context-menu key: the file's menu (spec 000 §2). */
  onContextMenu: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A 500 ms touch: select mode (spec 000 §4 Selection). */
  onLongPress: () => void;
  /**
   * The file menu's button (issue #23): a touch screen has no right click, and its long
   * press selects, so the menu has a button of its own. Absent: no button (a picker).
   */
  onMenuClick?: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined;
}

/** Props of {@link Tile}. */
export interface TileProps extends TileHandlers {
  file: RemoteFile;
  size: number;
  status: FileSelectionStatus;
  /** Something is selected (or select mode is on): circles show on every tile. */
  isSelecting: boolean;
  /** The viewer of the file (`/photos/{fileId}?filter=…`), so it can open in a new tab too. */
  href: string;
  /** Drawn over the tile beside its link (an album's comment counts, issue #12). */
  overlay?: ReactNode;
}

/**
 * One square of the timeline grid: thumbnail over its thumbhash, a badge for videos, and
 * a selection circle. The picture is a link to the viewer (`/photos/{fileId}`, or the album carousel), so it can
 * also open in a new tab; the circle is a separate button (a link may not hold one).
 */
export const Tile = memo(function Tile(props: TileProps) {
  const { file, status, isSelecting } = props;
  const intl = useIntl();
  const { stage, onMouseEnter, onMouseLeave } = useHoverStages();
  const longPress = useLongPress(props.onLongPress);
  const isTouchRef = useRef(false);
  const isChecked = status === 'Selected' || status === 'ToBeSelected';
  return (
    <div
      className={`tile-frame tile-frame--${status}${isSelecting ? ' is-selecting' : ''}`}
      onPointerEnter={(event) => {
        isTouchRef.current = event.pointerType !== 'mouse';
      }}
      onMouseEnter={(event) => {
        // A tap also sends mouseenter: on a touch screen there is no hover to preview, and a
        // preview started by the finger would lie under the next tap (spec 000 §2 hover).
        if (isTouchRef.current) return;
        onMouseEnter();
        props.onHover(event);
      }}
      onMouseLeave={onMouseLeave}
    >
      <a
        className="tile"
        href={props.href}
        data-media-status={file.media_status}
        {...longPress}
        onContextMenu={(event) => {
          longPress.onContextMenu(event);
          if (!event.defaultPrevented) props.onContextMenu(event);
        }}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.altKey) return;
          props.onActivate(event);
        }}
      >
        <TileMedia file={file} size={props.size} stage={stage} />
      </a>
      <button
        type="button"
        className="tile__check"
        role="checkbox"
        aria-checked={status === 'Selected'}
        aria-label={intl.formatMessage({ id: 'timeline.selectFile' }, { name: file.name })}
        onClick={props.onSelectClick}
      >
        {isChecked && <Icon name="check" size={16} />}
      </button>
      {props.onMenuClick && !isSelecting && (
        <button
          type="button"
          className="tile__more"
          aria-label={intl.formatMessage({ id: 'fileActions.moreActions' }, { name: file.name })}
          aria-haspopup="menu"
          onClick={props.onMenuClick}
        >
          <Icon name="more" size={20} />
        </button>
      )}
      {props.overlay}
    </div>
  );
});

/** The picture of a tile: thumbnail, fallback, hover preview, badge and date tooltip. */
function TileMedia({
  file,
  size,
  stage,
}: {
  file: RemoteFile;
  size: number;
  stage: { preview: boolean; tooltip: boolean };
}) {
  const api = useApi();
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const path = size >= LARGE_FROM_PX ? file.thumb_url_large : file.thumb_url_small;
  const src = path && !failed ? `${api.directory.thumb}${path}` : undefined;
  // The low-quality preview (spec 000 §7 `sub`), its first 5 MB fetched on hover.
  const preview = usePreviewSource(
    file.video_url && stage.preview ? `${api.directory.video}${file.video_url}` : undefined,
  );
  return (
    <span
      className="tile__media"
      style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
    >
      {src ? (
        <img
          className="tile__image"
          src={src}
          alt={file.name}
          decoding="async"
          onError={() => {
            setFailed(true);
          }}
        />
      ) : (
        // Still processing, or no thumbnail: the default image of spec 000 §8.
        <span className="tile__fallback" role="img" aria-label={file.name}>
          <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={32} />
        </span>
      )}
      {preview && (
        <video className="tile__preview" src={preview} muted autoPlay loop playsInline aria-hidden="true" />
      )}
      {file.type === 'Movies' && <span className="tile__badge">{duration(file.duration)}</span>}
      {stage.tooltip && (
        <span className="tile__tooltip" role="tooltip">
          {intl.formatDate(new Date(file.taken * 1000), { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
      )}
    </span>
  );
}
