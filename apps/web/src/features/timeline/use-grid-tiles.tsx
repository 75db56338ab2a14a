import type { RemoteFile } from '@trove/contract';
import type { GridSource } from '../library/index.ts';
import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import type { Point } from '../file-actions/index.ts';
// Fetched on the first right-click (See: [Note: Lazy screens]).
import { LazyFileContextMenu as FileContextMenu } from '../file-actions/lazy.ts';
import { isSelecting, monthState, statusOf, yearState, type Selection } from '../selection/index.ts';
import type { TimelineSection } from './sections.ts';
import { Tile } from './Tile.tsx';

/** What a grid's file menu is given when a tile asks for it (right click, context-menu key). */
export interface FileMenuRequest {
  file: RemoteFile;
  position: Point;
  anchor: HTMLElement;
  onClose: () => void;
}

/** What the grid draws for files and month headers, bound to the selection and the menu. */
export interface GridTiles {
  renderTile: (file: RemoteFile, size: number, month: number) => ReactNode;
  renderMonthControls: (section: TimelineSection, isFirstOfYear: boolean) => ReactNode;
  /** The open file menu, if any. */
  menu: ReactNode;
}

/**
 * The behaviour of tiles (spec 000 §2 Timeline, §4 Selection): a click opens the viewer,
 * or toggles while selecting; Shift+click selects (or deselects) the range from the last
 * clicked file; the circle toggles; Shift+hover previews the range; a long press enters
 * select mode; right click, or the tile's menu button (touch screens have no right click),
 * opens the file menu. Month and year circles select everything
 * in them. A picker (`isPicker`) is always selecting and has no file menu. `renderOverlay`
 * draws something over each tile (an album's comment counts).
 */
export function useGridTiles(
  source: GridSource,
  selection: Selection,
  renderMenu?: (request: FileMenuRequest) => ReactNode,
  isPicker = false,
  renderOverlay?: (file: RemoteFile) => ReactNode,
): GridTiles {
  const { jobId } = source;
  const intl = useIntl();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { state, actions } = selection;
  const selecting = isPicker || isSelecting(state);
  const [menu, setMenu] = useState<{ file: RemoteFile; position: Point; anchor: HTMLElement } | null>(null);
  const openMenu = useCallback(
    (file: RemoteFile, event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      // The context-menu key (or Shift+F10) reports (0, 0): open at the tile's centre.
      const isKeyboard = event.clientX === 0 && event.clientY === 0;
      const position = isKeyboard
        ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
        : { x: event.clientX, y: event.clientY };
      setMenu({ file, position, anchor: event.currentTarget });
    },
    [setMenu],
  );

  const hrefOf = (id: string) =>
    source.fileHref?.(id, search) ?? `/photos/${encodeURIComponent(id)}${search}`;
  const renderTile = (file: RemoteFile, size: number, month: number) => (
    <Tile
      file={file}
      size={size}
      status={statusOf(state, file.id, month)}
      isSelecting={selecting}
      href={hrefOf(file.id)}
      overlay={renderOverlay?.(file)}
      onActivate={(event) => {
        event.preventDefault();
        if (event.shiftKey) actions.shiftClick(file.id, month);
        else if (selecting) actions.toggle(file.id, month);
        // The viewer steps within the filter it was opened from (`?filter=` goes along).
        else void navigate(hrefOf(file.id), { state: { fromGrid: true } });
      }}
      onSelectClick={(event) => {
        actions.click(file.id, event.shiftKey, month);
      }}
      onHover={(event) => {
        actions.hover(file.id, event.shiftKey, month);
      }}
      onContextMenu={(event) => {
        if (!isPicker) openMenu(file, event);
      }}
      onLongPress={() => {
        actions.enterSelectMode(file.id, month);
      }}
      onMenuClick={
        isPicker
          ? undefined
          : (event) => {
              openMenu(file, event);
            }
      }
    />
  );

  const renderMonthControls = (section: TimelineSection, isFirstOfYear: boolean) => {
    const title = intl.formatDate(new Date(section.start * 1000), {
      year: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    const month = monthState(state, section.key);
    const year = yearState(state, section.year);
    return (
      <>
        <GroupCheck
          label={intl.formatMessage({ id: 'timeline.selectMonth' }, { date: title })}
          state={month}
          onToggle={() => {
            if (month === 'all-selected') actions.deselectMonth(section.key);
            else actions.selectMonth(section.key);
          }}
        />
        {isFirstOfYear && (
          <GroupCheck
            label={intl.formatMessage({ id: 'timeline.selectYear' }, { year: section.year })}
            state={year}
            text={String(section.year)}
            onToggle={() => {
              if (year === 'all-selected') actions.deselectYear(section.year);
              else actions.selectYear(section.year);
            }}
          />
        )}
      </>
    );
  };

  const closeMenu = () => {
    setMenu(null);
  };
  const menuElement = menu && (
    <PartBoundary>
      {renderMenu ? (
        renderMenu({ ...menu, onClose: closeMenu })
      ) : (
        <FileContextMenu
          file={menu.file}
          jobId={jobId}
          isOwner
          position={menu.position}
          returnFocusTo={menu.anchor}
          onClose={closeMenu}
        />
      )}
    </PartBoundary>
  );
  return { renderTile, renderMonthControls, menu: menuElement };
}

/** A month's or year's selection circle: a tri-state checkbox. */
function GroupCheck(props: {
  label: string;
  state: 'none-selected' | 'some' | 'all-selected';
  text?: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="checkbox"
      className={`group-check group-check--${props.state}`}
      aria-checked={props.state === 'all-selected' ? true : props.state === 'some' ? 'mixed' : false}
      aria-label={props.label}
      onClick={props.onToggle}
    >
      <span className="group-check__circle">
        {props.state !== 'none-selected' && <Icon name="check" size={14} />}
      </span>
      {props.text && <span className="group-check__text">{props.text}</span>}
    </button>
  );
}
