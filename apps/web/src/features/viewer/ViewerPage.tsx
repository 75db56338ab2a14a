import { TIMELINE_FILTERS, type RemoteFile, type TimelineFilter } from '@trove/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { useAlbumPicker } from '../../dialog-requests/album-picker.ts';
import {
  downloadFile,
  isFileActionAvailable,
  offeredFileActions,
  type FileActionContext,
  type FileActionId,
  type PlaceFileActions,
  actionContext,
  dialogRunners,
  usePlaceActions,
  type FileActionDialog,
} from '../file-actions/index.ts';
import { useShareDialog } from '../../dialog-requests/share-dialog.ts';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { LazyPhotoEditor } from '../editor/lazy.ts';
import { DeleteFileDialog } from './DeleteFileDialog.tsx';
import { MetadataPanel } from './MetadataPanel.tsx';
import { slideDelay, type EncodingStatus, type PlayStatus } from './model.ts';
import { TIMELINE_VIEWS, isRecents, type RecentsView } from '../timeline/index.ts';
import { useCarousel, type Carousel } from './use-carousel.ts';
import { useRecentsCarousel } from './use-recents-carousel.ts';
import { useSlideshow } from './use-slideshow.ts';
import { usePreloadNeighbours, useScrollLock, useViewerTitle } from './use-viewer-effects.ts';
import { useViewerKeys } from './use-viewer-keys.ts';
import { ViewerStage } from './ViewerStage.tsx';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { CastButton } from '../cast/index.ts';

/** The hash that starts the slideshow (spec 000 §2: /photos/{fileId} with optional hash autoPlay). */
export const AUTO_PLAY_HASH = '#autoPlay';

/** The timeline's type filter carried in `?filter=`, if any. */
const filterOf = (value: string | null): TimelineFilter =>
  TIMELINE_FILTERS.find((filter) => filter === value) ?? 'all';

/** The recents window carried in `?filter=`, if any; `recents` lets the window be chosen. */
const recentsOf = (value: string | null): RecentsView | 'recents' | undefined =>
  value === 'recents' ? value : TIMELINE_VIEWS.filter(isRecents).find((view) => view === value);

/** What the file on screen reports, for the slideshow's timing; reset by another file. */
interface SlideReport {
  fileId: string;
  encoding?: EncodingStatus;
  play?: PlayStatus;
}

/**
 * Route /photos/{fileId} (spec 000 §2, §4 Carousel): the timeline's files one at a time,
 * full screen over the app, in timeline order within the filter it was opened from
 * (`?filter=`: a type filter or a recents window). The slideshow runs while the URL carries
 * #autoPlay, and wraps from the last file to the first. Escape and Back return to the
 * timeline: the entry before when the viewer was opened from it (restoring it as it was),
 * else the timeline's own page.
 */
export function ViewerPage({ cameFromTimeline }: { cameFromTimeline: boolean }) {
  const { fileId = '' } = useParams();
  const [params] = useSearchParams();
  // It steps within the filter it was opened from: a type filter, or a recents window.
  const recents = recentsOf(params.get('filter'));
  return recents ? (
    <RecentsViewer fileId={fileId} recents={recents} cameFromTimeline={cameFromTimeline} />
  ) : (
    <TimelineViewer
      fileId={fileId}
      filter={filterOf(params.get('filter'))}
      cameFromTimeline={cameFromTimeline}
    />
  );
}

function TimelineViewer(props: { fileId: string; filter: TimelineFilter; cameFromTimeline: boolean }) {
  return (
    <Viewer carousel={useCarousel(props.fileId, props.filter)} cameFromTimeline={props.cameFromTimeline} />
  );
}

function RecentsViewer(props: {
  fileId: string;
  recents: RecentsView | 'recents';
  cameFromTimeline: boolean;
}) {
  const carousel = useRecentsCarousel(props.fileId, props.recents);
  return <Viewer carousel={carousel} cameFromTimeline={props.cameFromTimeline} />;
}

/** Props of {@link Viewer}. */
export interface ViewerProps {
  carousel: Carousel;
  /** Opened from the grid in this tab: closing goes back to it rather than to `exitTo`. */
  cameFromTimeline: boolean;
  /** The page closing goes to when not opened from the grid; the timeline by default. */
  exitTo?: string;
  /**
   * The place's file actions (See: [Note: File action registry]): the timeline's when absent.
   * The toolbar offers what the registry allows for the file on screen.
   */
  actions?: PlaceFileActions | undefined;
  /** Whether a delete offers Undo (spec 000 §6: only to the job owner); always in the timeline. */
  isOwner?: boolean;
  /** An album's comments (issue #12): the toolbar's comments button and the panel it opens. */
  comments?: ViewerComments;
  /** The album the carousel shows, if any: sharing to an album lists it disabled (spec 000 §5). */
  albumId?: string;
}

/** What the viewer needs of an album's comments; the album carousel gives it. */
export interface ViewerComments {
  /** How many comments `file` has, for the button. */
  countOf: (file: RemoteFile) => number;
  /** The comment panel of `file`, shown beside the stage (over it on phones). */
  renderPanel: (file: RemoteFile, onClose: () => void) => ReactNode;
}

/**
 * The full-screen viewer over any carousel: the timeline's here, an album's on
 * /carousel/{albumId}/{fileId}. Closes to the grid it came from, else to `exitTo`.
 */
export function Viewer({
  carousel,
  cameFromTimeline,
  exitTo = '/photos',
  actions,
  isOwner = true,
  comments,
  albumId,
}: ViewerProps) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const { fileId = '' } = useParams();
  const { file, jobId } = carousel;
  const rootRef = useRef<HTMLDivElement>(null);
  // One side panel at a time: the details, or the comments.
  const [sidePanel, setSidePanel] = useState<'info' | 'comments' | null>(null);
  const isInfoOpen = sidePanel === 'info';
  const isCommentsOpen = sidePanel === 'comments' && comments !== undefined;
  const [dialog, setDialog] = useState<FileActionDialog | null>(null);
  const isConfirming = dialog === 'confirm';
  // The photo editor (issue #27) is open on this file; another file closes it.
  const [editedFileId, setEditedFileId] = useState<string | null>(null);
  const isEditing = editedFileId !== null && editedFileId === file?.id;
  // The album picker and the share dialog are the page frame's (See: [Note: Dialog
  // requests]); while one is open the viewer's keys rest, as for its own dialog.
  const openPicker = useAlbumPicker();
  const openShareDialog = useShareDialog();
  const openDialog = (which: FileActionDialog) => {
    setDialog(which);
    if (which === 'confirm' || !file || jobId === undefined) return;
    const onClose = () => {
      setDialog(null);
    };
    if (which === 'pick')
      openPicker({ mode: 'add', sourceJobId: jobId, fileIds: [file.id], currentAlbumId: albumId, onClose });
    else
      openShareDialog({
        request: { kind: 'files', sourceJobId: jobId, fileIds: [file.id], currentAlbumId: albumId },
        onClose,
      });
  };
  const { place, caller } = usePlaceActions(actions);
  const context = place && file ? actionContext(place, caller, [file]) : undefined;
  const mayDelete = (at: FileActionContext) =>
    isFileActionAvailable('delete', 'viewerToolbar', at) ||
    isFileActionAvailable('removeFromAlbum', 'viewerToolbar', at);
  const run: Partial<Record<FileActionId, () => void>> = {
    download: () => {
      if (file) downloadFile(api.directory, file);
    },
    ...dialogRunners(openDialog),
    edit: () => {
      setPlaying(false);
      if (file) setEditedFileId(file.id);
    },
    ...(place?.run?.copyToTimeline &&
      file && {
        copyToTimeline: () => place.run?.copyToTimeline?.([file.id]),
      }),
  };
  const [zoomedFileId, setZoomedFileId] = useState<string | null>(null);
  const [report, setReport] = useState<SlideReport>({ fileId });
  const isPlaying = location.hash === AUTO_PLAY_HASH;
  const isZoomed = zoomedFileId === fileId;
  const slide = report.fileId === fileId ? report : { fileId };

  const close = () => {
    if (cameFromTimeline) void navigate(-1);
    else void navigate(exitTo, { replace: true });
  };
  const setPlaying = (on: boolean) => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: on ? AUTO_PLAY_HASH : '' },
      { replace: true },
    );
  };
  const reportSlide = (change: Omit<SlideReport, 'fileId'>) => {
    setReport((current) => ({ ...(current.fileId === fileId ? current : { fileId }), ...change }));
  };

  // Tab stays in the viewer and focus returns to the tile on close; Escape is handled below.
  useFocusTrap(rootRef, () => undefined);
  // The trap focused the first button; the viewer itself takes focus instead, so no focus
  // ring sits on Back when it opens (the keys work on the document either way).
  useEffect(() => {
    rootRef.current?.focus();
  }, []);
  useScrollLock(rootRef, '.viewer-info, .viewer-side, video');
  useViewerTitle(file?.name);
  usePreloadNeighbours(api.directory, [carousel.previous, carousel.next]);
  useViewerKeys(
    dialog === null && !isEditing,
    {
      onStep: (step) => {
        carousel.go(step);
      },
      onEscape: close,
      onDelete: () => {
        if (context && mayDelete(context)) setDialog('confirm');
      },
      onRemote: (key) => {
        const video = rootRef.current?.querySelector('video');
        switch (key) {
          case 'back':
            close();
            break;
          case 'playPause':
            // A video on screen plays or pauses; a picture starts or stops the slideshow.
            if (video) {
              if (video.paused) void video.play().catch(() => undefined);
              else video.pause();
            } else setPlaying(!isPlaying);
            break;
          case 'stop':
            video?.pause();
            setPlaying(false);
            break;
        }
      },
    },
    rootRef,
  );
  // spec 000 §9: 5000 ms a picture, 1 ms after a video finished; wraps at the end.
  const delay = slideDelay({ isVideo: file?.type === 'Movies', encoding: slide.encoding, play: slide.play });
  useSlideshow(isPlaying && file !== undefined, delay, fileId, () => {
    carousel.go('next', true);
  });

  return createPortal(
    <div
      ref={rootRef}
      className={sidePanel !== null ? 'viewer viewer--details' : 'viewer'}
      role="dialog"
      aria-modal="true"
      aria-label={file?.name ?? intl.formatMessage({ id: 'viewer.dialogLabel' })}
      tabIndex={-1}
    >
      <ViewerToolbar
        file={file}
        isPlaying={isPlaying}
        isInfoOpen={isInfoOpen}
        isZoomed={isZoomed}
        onBack={close}
        onTogglePlay={() => {
          setPlaying(!isPlaying);
        }}
        onToggleZoom={() => {
          setZoomedFileId(isZoomed ? null : fileId);
        }}
        onToggleInfo={() => {
          setSidePanel(isInfoOpen ? null : 'info');
        }}
        {...(comments &&
          file && {
            comments: {
              count: comments.countOf(file),
              isOpen: isCommentsOpen,
              onToggle: () => {
                setSidePanel(isCommentsOpen ? null : 'comments');
              },
            },
          })}
        {...(context && { fileActions: { offers: offeredFileActions('viewerToolbar', context), run } })}
        cast={
          <CastButton
            className="viewer-button"
            jobId={jobId}
            fileId={file?.id}
            autoplay={isPlaying}
            positionMs={() => (rootRef.current?.querySelector('video')?.currentTime ?? 0) * 1000}
          />
        }
      />
      <div className="viewer__body">
        <div className="viewer__stage">
          <ViewerStage
            carousel={carousel}
            isZoomed={isZoomed}
            onZoomChange={(zoomed) => {
              setZoomedFileId(zoomed ? fileId : null);
            }}
            onEncodingChange={(encoding) => {
              reportSlide({ encoding });
            }}
            onPlayChange={(play) => {
              reportSlide({ play });
            }}
            onBack={close}
          />
        </div>
        {isInfoOpen && file && jobId !== undefined && (
          <MetadataPanel
            jobId={jobId}
            file={file}
            onClose={() => {
              setSidePanel(null);
            }}
          />
        )}
        {isCommentsOpen && file && (
          // The panel's keys are its own (OWN_KEYS_ATTRIBUTE): typing, its menus and Escape
          // never move the carousel or close the viewer.
          <div className="viewer-side" data-own-keys="">
            {comments.renderPanel(file, () => {
              setSidePanel(null);
            })}
          </div>
        )}
      </div>
      {isEditing && jobId !== undefined && (
        <PartBoundary>
          <LazyPhotoEditor
            file={file}
            jobId={jobId}
            onClose={() => {
              setEditedFileId(null);
            }}
          />
        </PartBoundary>
      )}
      {isConfirming && file && jobId !== undefined && (
        <DeleteFileDialog
          jobId={jobId}
          fileId={file.id}
          isOwner={isOwner}
          onCancel={() => {
            setDialog(null);
          }}
          onDeleted={() => {
            setDialog(null);
            const target = carousel.afterDelete();
            if (target.kind === 'none') close();
            else carousel.goTo(target);
          }}
        />
      )}
    </div>,
    document.body,
  );
}
