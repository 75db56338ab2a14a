import type { RemoteFile } from '@trove/contract';
import { memo, useMemo, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { thumbHashToDataURL } from 'thumbhash';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
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

/** Props of {@link Tile}. */
export interface TileProps {
  file: RemoteFile;
  size: number;
  /** A plain click (no modifier: those open a new tab, as links do) opens the viewer. */
  onOpen: () => void;
  /** Right click, or the context-menu key: the file's menu (spec 000 §2). */
  onContextMenu: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * One square of the timeline grid: thumbnail over its thumbhash, a badge for videos. It
 * is a link to the viewer (`/photos/{fileId}`), so it can also open in a new tab.
 */
export const Tile = memo(function Tile({ file, size, onOpen, onContextMenu }: TileProps) {
  const api = useApi();
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const path = size >= LARGE_FROM_PX ? file.thumb_url_large : file.thumb_url_small;
  const src = path && !failed ? `${api.directory.thumb}${path}` : undefined;
  const { stage, onMouseEnter, onMouseLeave } = useHoverStages();
  // The low-quality preview (spec 000 §7 `sub`), its first 5 MB fetched on hover.
  const preview = usePreviewSource(
    file.video_url && stage.preview ? `${api.directory.video}${file.video_url}` : undefined,
  );
  return (
    <a
      className="tile"
      href={`/photos/${encodeURIComponent(file.id)}`}
      style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
      data-media-status={file.media_status}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
      onContextMenu={onContextMenu}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {src ? (
        <img
          className="tile__image"
          src={src}
          alt={file.name}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailed(true);
          }}
        />
      ) : (
        // Still processing, or no thumbnail: the default image of spec 000 §8.
        <div className="tile__fallback" role="img" aria-label={file.name}>
          <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={32} />
        </div>
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
    </a>
  );
});
