import { PUBLIC_JOB_AUTH_FAILED, SECURED_JOB_NO_ACCESS, type JobInfo } from '@trove/contract';
import { HttpError } from '../api/http-error.ts';

/** Album/job load status (spec 000 §4). */
export type AlbumLoadStatus =
  | 'NOT_STARTED'
  | 'PENDING'
  | 'NOT_FOUND'
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_PROVIDED'
  | 'LOGIN_REQUIRED'
  | 'FETCHED'
  | 'PARTIALLY_FETCHED'
  | 'FETCH_FAILED'
  | 'RECENTLY_DELETED';

/** The statuses a failed job info fetch can end in (spec 000 §4 "Job info fetch error mapping"). */
export type AlbumLoadFailure = Extract<
  AlbumLoadStatus,
  'NOT_FOUND' | 'PASSWORD_REQUIRED' | 'LOGIN_REQUIRED' | 'FETCH_FAILED' | 'RECENTLY_DELETED'
>;

/**
 * The state of one album's load. `attempt` numbers the job info fetch the state wants:
 * it grows whenever a new fetch is due (start, retry, password given, newer change), and a
 * fetch's answer counts only while its attempt is the current one.
 */
export interface AlbumLoadState {
  status: AlbumLoadStatus;
  album: JobInfo | undefined;
  attempt: number;
}

/** Events of the album load machine. */
export type AlbumLoadEvent =
  /** Fetch the job info: the first time, or again after a failure or a lost access. */
  | { type: 'LOAD' }
  | { type: 'FETCH_SUCCEEDED'; attempt: number; album: JobInfo }
  | { type: 'FETCH_FAILED'; attempt: number; status: AlbumLoadFailure }
  /** The visitor gave the album's password and its grant is stored. */
  | { type: 'PASSWORD_PROVIDED' }
  /** The album's changes reached `serial`. */
  | { type: 'CHANGE_SEEN'; serial: number }
  /** The album was deleted. */
  | { type: 'DELETED' };

export const INITIAL_ALBUM_LOAD: AlbumLoadState = { status: 'NOT_STARTED', album: undefined, attempt: 0 };

/**
 * The album load machine of spec 000 §4. A change with a serial newer than the album's
 * last_update moves FETCHED to PARTIALLY_FETCHED (the album stays on screen while it is
 * fetched again); deletion gives RECENTLY_DELETED. Returns `state` itself when an event does
 * not apply.
 */
export function albumLoadReducer(state: AlbumLoadState, event: AlbumLoadEvent): AlbumLoadState {
  switch (event.type) {
    case 'LOAD':
      if (state.status === 'PENDING' || state.status === 'PASSWORD_PROVIDED') return state;
      // An album on screen stays there while it is looked at again.
      if (state.album && isShown(state.status))
        return { ...state, status: 'PARTIALLY_FETCHED', attempt: state.attempt + 1 };
      return { status: 'PENDING', album: undefined, attempt: state.attempt + 1 };
    case 'FETCH_SUCCEEDED':
      if (event.attempt !== state.attempt) return state;
      return { ...state, status: 'FETCHED', album: event.album };
    case 'FETCH_FAILED':
      if (event.attempt !== state.attempt) return state;
      // A refetch that could not reach the server keeps the album it has.
      if (event.status === 'FETCH_FAILED' && state.album && isShown(state.status))
        return { ...state, status: 'FETCHED' };
      return { ...state, status: event.status, album: undefined };
    case 'PASSWORD_PROVIDED':
      if (state.status !== 'PASSWORD_REQUIRED') return state;
      return { ...state, status: 'PASSWORD_PROVIDED', attempt: state.attempt + 1 };
    case 'CHANGE_SEEN':
      if (state.status !== 'FETCHED' || !state.album || event.serial <= state.album.last_update) return state;
      return { ...state, status: 'PARTIALLY_FETCHED', attempt: state.attempt + 1 };
    case 'DELETED':
      return { ...state, status: 'RECENTLY_DELETED', album: undefined };
  }
}

function isShown(status: AlbumLoadStatus): boolean {
  return status === 'FETCHED' || status === 'PARTIALLY_FETCHED';
}

/** True while the machine waits for the answer of its current job info fetch. */
export function isFetching(status: AlbumLoadStatus): boolean {
  return status === 'PENDING' || status === 'PASSWORD_PROVIDED' || status === 'PARTIALLY_FETCHED';
}

/** What the page shows for a status (spec 000 §4 "Page behaviour"). */
export type AlbumLoadPage = 'album' | 'notFound' | 'password' | 'loader' | 'login' | 'deleted';

export function pageOf(status: AlbumLoadStatus): AlbumLoadPage {
  switch (status) {
    case 'FETCHED':
    case 'PARTIALLY_FETCHED':
      return 'album';
    case 'NOT_FOUND':
    case 'FETCH_FAILED':
      return 'notFound';
    case 'PASSWORD_REQUIRED':
      return 'password';
    case 'NOT_STARTED':
    case 'PENDING':
    case 'PASSWORD_PROVIDED':
      return 'loader';
    case 'LOGIN_REQUIRED':
      return 'login';
    case 'RECENTLY_DELETED':
      return 'deleted';
  }
}

/**
 * Spec 000 §4 "Job info fetch error mapping": 400, 401 or 403 whose body says 'public job
 * auth failed' wants the password; one that says 'User does not have access to secured job'
 * is a deleted album for a signed-in user and a login gate otherwise; any other 400/401/403
 * and a 404 are not found; anything else (no answer, 5xx) is a failed fetch.
 */
export function loadStatusOfError(error: unknown, isLoggedIn: boolean): AlbumLoadFailure {
  if (!(error instanceof HttpError)) return 'FETCH_FAILED';
  if (error.status === 400 || error.status === 401 || error.status === 403) {
    if (error.code === 'password_required' || error.message.includes(PUBLIC_JOB_AUTH_FAILED))
      return 'PASSWORD_REQUIRED';
    if (error.code === 'secured_job' || error.message.includes(SECURED_JOB_NO_ACCESS))
      return isLoggedIn ? 'RECENTLY_DELETED' : 'LOGIN_REQUIRED';
    return 'NOT_FOUND';
  }
  if (error.status === 404) return 'NOT_FOUND';
  return 'FETCH_FAILED';
}
