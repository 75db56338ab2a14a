import type { ArchiveTarget } from './api.ts';
import type { DownloadPage } from './parts.ts';

/*
 * [Note: Download modal] The state of the download modal (spec 000 §4 "Download modal
 * states: off, max, min"; §3 Download modal info and Download page). A download too big for
 * one archive, or one that holds HEIC photos (the JPEG choice is asked), opens the modal:
 * `max` is the dialog listing its parts, `min` the small progress panel in a corner of the
 * screen (spec 000 §2 download progress panel), `off` neither. Each part is downloaded on its
 * own click: it is prepared (POST …_as_archive) and then handed to the browser, which
 * downloads it natively; a part handed over is `clicked`. A download that fits one archive
 * and holds no HEIC skips the modal: a 'preparing download' toast shows instead.
 */

/** spec 000 §4. */
export type DownloadModalState = 'off' | 'max' | 'min';

/** spec 000 §4 download kinds: single file, file list, whole job archive, deleted files from the trash. */
export type DownloadType = 'singleFile' | 'fileList' | 'jobArchive' | 'deletedFiles';

/** spec 000 §8 "a failed action per kind (files, archive, deleted)": which download failed. */
export type DownloadFailure = 'files' | 'archive' | 'deleted';

/** spec 000 §3 Download modal info. `jobID` is null for the trash, whose files span jobs. */
export interface DownloadModalInfo {
  jobID: string | null;
  pages: number;
  count: number;
  size: number;
  downloadType: DownloadType;
}

/** Where a part stands: not asked yet, being prepared, handed to the browser, or failed. */
export type PartStatus = 'idle' | 'preparing' | 'started' | 'failed';

/** A part of the download (spec 000 §3 Download page) and where it stands. */
export interface DownloadPart extends DownloadPage {
  /** How many files it holds (a whole job's part names none: the info's count). */
  count: number;
  status: PartStatus;
  /** Once started: the signed URL the browser downloads, for "download again". */
  url: string | undefined;
  fileName: string | undefined;
  /** Once failed: which kind of download failed (spec 000 §8). */
  failure: DownloadFailure | undefined;
}

export interface DownloadModel {
  modal: DownloadModalState;
  info: DownloadModalInfo | null;
  /** Where the parts are prepared. */
  target: ArchiveTarget | null;
  parts: readonly DownloadPart[];
  /** HEIC photos as JPEG (the `heic_to_jpeg` option), for the parts not started yet. */
  heicToJpeg: boolean;
  /** Grows with each download opened: answers about the parts of an earlier one are stale. */
  serial: number;
}

export const INITIAL_DOWNLOAD: DownloadModel = {
  modal: 'off',
  info: null,
  target: null,
  parts: [],
  heicToJpeg: false,
  serial: 0,
};

export type DownloadModelAction =
  | { type: 'open'; info: DownloadModalInfo; pages: readonly DownloadPage[]; target: ArchiveTarget }
  | { type: 'minimize' }
  | { type: 'maximize' }
  | { type: 'close' }
  | { type: 'setHeicToJpeg'; value: boolean }
  | { type: 'preparing'; serial: number; index: number }
  | { type: 'started'; serial: number; index: number; url: string; fileName: string }
  | { type: 'failed'; serial: number; index: number; failure: DownloadFailure };

/** The kind of failure of a download of `type` (spec 000 §8). */
export function failureOf(type: DownloadType): DownloadFailure {
  switch (type) {
    case 'singleFile':
    case 'fileList':
      return 'files';
    case 'jobArchive':
      return 'archive';
    case 'deletedFiles':
      return 'deleted';
  }
}

/** The modal's transitions; see [Note: Download modal]. */
export function downloadReducer(state: DownloadModel, action: DownloadModelAction): DownloadModel {
  switch (action.type) {
    case 'open':
      return {
        modal: 'max',
        info: action.info,
        target: action.target,
        parts: action.pages.map((page) => ({
          ...page,
          count: page.fileIDs.length > 0 ? page.fileIDs.length : action.info.count,
          status: 'idle',
          url: undefined,
          fileName: undefined,
          failure: undefined,
        })),
        heicToJpeg: false,
        serial: state.serial + 1,
      };
    case 'minimize':
      return state.modal === 'max' ? { ...state, modal: 'min' } : state;
    case 'maximize':
      return state.modal === 'min' ? { ...state, modal: 'max' } : state;
    case 'close':
      // The parts go with it: an answer still on its way finds a newer serial.
      return { ...INITIAL_DOWNLOAD, serial: state.serial + 1 };
    case 'setHeicToJpeg':
      return { ...state, heicToJpeg: action.value };
    case 'preparing':
    case 'started':
    case 'failed':
      if (action.serial !== state.serial || !state.parts[action.index]) return state;
      return {
        ...state,
        parts: state.parts.map((part, i) => (i === action.index ? next(part, action) : part)),
      };
  }
}

function next(
  part: DownloadPart,
  action: Extract<DownloadModelAction, { type: 'preparing' | 'started' | 'failed' }>,
): DownloadPart {
  switch (action.type) {
    case 'preparing':
      // One request at a time per part: a second click while it is prepared changes nothing.
      return part.status === 'preparing' ? part : { ...part, status: 'preparing' };
    case 'started':
      return {
        ...part,
        status: 'started',
        clicked: true,
        url: action.url,
        fileName: action.fileName,
        failure: undefined,
      };
    case 'failed':
      // A part the browser already has stays started; a retry that failed does not undo it.
      return part.status === 'started' ? part : { ...part, status: 'failed', failure: action.failure };
  }
}

/** Whether any part is being prepared: closing then drops work in flight. */
export function isPreparing(state: DownloadModel): boolean {
  return state.parts.some((part) => part.status === 'preparing');
}

/** How many parts the browser has been handed. */
export function startedCount(state: DownloadModel): number {
  return state.parts.filter((part) => part.clicked).length;
}

/**
 * What Escape (or a click beside the dialog) does: closes a download nothing happened to yet,
 * else minimises it, so parts in flight and parts still to click are not lost by accident.
 */
export function dismissAction(state: DownloadModel): 'close' | 'minimize' {
  return isPreparing(state) || startedCount(state) > 0 ? 'minimize' : 'close';
}
