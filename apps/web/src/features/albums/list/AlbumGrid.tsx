import type { JobInfo } from '@trove/contract';
import { useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { AlbumTile } from './AlbumTile.tsx';
import { albumGridLayout, type AlbumGridLayout } from './model.ts';

/** The width of the element behind `ref` and of the viewport, kept current on resize. */
function useWidths(ref: RefObject<HTMLElement | null>): { container: number; viewport: number } {
  const [widths, setWidths] = useState(() => ({ container: 0, viewport: window.innerWidth }));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured before the first paint, so the grid never shows at a wrong width.
    if (element.clientWidth > 0) setWidths({ container: element.clientWidth, viewport: window.innerWidth });
    const observer = new ResizeObserver((entries) => {
      const container = entries[0]?.contentRect.width ?? element.clientWidth;
      setWidths((old) =>
        old.container === container && old.viewport === window.innerWidth
          ? old
          : { container, viewport: window.innerWidth },
      );
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return widths;
}

/**
 * The albums as tiles (spec 000 §2, §9): fixed 296x320 tiles in rows at most 1500 px wide
 * on desktop, one full-width tile 190 high per row on a phone. See {@link albumGridLayout}.
 */
export function AlbumGrid({ albums, label }: { albums: readonly JobInfo[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const widths = useWidths(ref);
  const layout: AlbumGridLayout = albumGridLayout(widths.container, widths.viewport);
  const style = {
    '--album-columns': layout.columns,
    '--album-tile-width': `${String(layout.tileWidth)}px`,
    '--album-tile-height': `${String(layout.tileHeight)}px`,
    '--album-gap': `${String(layout.gap)}px`,
    '--album-row-width': `${String(layout.rowWidth)}px`,
  } as CSSProperties;
  return (
    <div ref={ref} className="album-list__frame">
      <ul className="album-list" aria-label={label} style={style}>
        {albums.map((album) => (
          <AlbumTile key={album.id} album={album} layout={layout} />
        ))}
      </ul>
    </div>
  );
}
