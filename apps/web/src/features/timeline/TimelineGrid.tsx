import type { TimelineMonth } from '@trove/contract';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMonthFiles } from './api.ts';
import { Tile } from './Tile.tsx';

/** Tile sizes and spacing of spec 000 §9: 228 px on desktop, 176 px on mobile, 2 px apart. */
const TILE_DESKTOP = 228;
const TILE_MOBILE = 176;
const SPACING = 2;
const MOBILE_BELOW_PX = 600;
/** Sections load when within this distance of the viewport (spec 000 §9). */
const LOAD_MARGIN_PX = 200;

const countOf = (month: TimelineMonth) => month.pictures + month.videos + month.screenshots + month.documents;

/**
 * The timeline grid (spec 000 §2 Timeline): one section per month, sized from the month
 * counts before any file is fetched, so the scroll height is right from the start. A
 * section fetches its files when it comes within 200 px of the viewport.
 */
export function TimelineGrid({ jobId, months }: { jobId: string; months: readonly TimelineMonth[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      setWidth(entry?.contentRect.width ?? 0);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  const wanted =
    typeof window !== 'undefined' && window.innerWidth < MOBILE_BELOW_PX ? TILE_MOBILE : TILE_DESKTOP;
  const perRow = Math.max(1, Math.floor((width + SPACING) / (wanted + SPACING)));
  // Tiles stretch to fill the row exactly, as Google Photos and Immich do.
  const size = width > 0 ? Math.floor((width - SPACING * (perRow - 1)) / perRow) : wanted;
  return (
    <div className="timeline-grid" ref={ref}>
      {months
        .filter((month) => countOf(month) - month.documents > 0)
        .map((month) => (
          <MonthSection key={month.start} jobId={jobId} month={month} perRow={perRow} size={size} />
        ))}
    </div>
  );
}

function MonthSection({
  jobId,
  month,
  perRow,
  size,
}: {
  jobId: string;
  month: TimelineMonth;
  perRow: number;
  size: number;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${String(LOAD_MARGIN_PX)}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);
  const files = useMonthFiles(jobId, month, near);
  const visible = (files.data ?? []).filter((file) => file.type !== 'Documents');
  const expected = files.data ? visible.length : countOf(month) - month.documents;
  const rows = Math.ceil(expected / perRow);
  const title = intl.formatDate(new Date(month.start * 1000), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return (
    <section className="month" ref={ref} aria-label={title}>
      <h2 className="month__title">{title}</h2>
      <div
        className="month__tiles"
        style={{
          gridTemplateColumns: `repeat(${String(perRow)}, ${String(size)}px)`,
          gridAutoRows: `${String(size)}px`,
          minHeight: rows * size + Math.max(0, rows - 1) * SPACING,
        }}
        aria-busy={!files.data}
      >
        {visible.map((file) => (
          <Tile key={file.id} file={file} size={size} />
        ))}
      </div>
    </section>
  );
}
