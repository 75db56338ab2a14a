import { parseRecipients, sharePath, type ShareLinkMarker } from '@trove/contract';

/** The views of the share dialog (spec 000 §2, §4 "Share dialog views"). */
export type ShareView = 'options' | 'email' | 'albumOptions' | 'externalOptions';

/** spec 000 §8: after a failed link share the message shows, then the view returns to options. */
export const SHARE_FAILED_RETURN_MS = 3000;
/** spec 000 §6: 'only accessible to logged-in users' shows for 3 seconds. */
export const LOGGED_IN_ONLY_MS = 3000;

/** Where the share dialog is: its view, a failure on screen, the visitor's notice. */
export interface ShareDialogState {
  view: ShareView;
  /** 'Failed to share files - please try again' replaces the view until it returns to options. */
  isFailed: boolean;
  /** The visitor asked for something only signed-in users may do (spec 000 §6). */
  isLoggedInOnly: boolean;
}

/** What happens to the share dialog. */
export type ShareDialogEvent =
  /** A button of the options view, or Back (to options). */
  | { type: 'OPEN'; view: ShareView; isLoggedIn: boolean }
  /** A visitor asked for a link to several files, which needs a share (spec 000 §6). */
  | { type: 'LOGGED_IN_ONLY' }
  /** The link could not be made (spec 000 §8). */
  | { type: 'FAILED' }
  | { type: 'FAILURE_ELAPSED' }
  | { type: 'NOTICE_ELAPSED' };

/** The dialog as it opens: on the options, or straight on the e-mail form of an album invite. */
export function initialShareState(view: ShareView = 'options'): ShareDialogState {
  return { view, isFailed: false, isLoggedInOnly: false };
}

/**
 * The share dialog's state machine (spec 000 §4, §6, §8). A visitor (not signed in) who asks
 * for the e-mail or album view stays on the options with the logged-in-only notice; a link
 * that could not be made shows the failure until FAILURE_ELAPSED brings back the options.
 */
export function shareDialogReducer(state: ShareDialogState, event: ShareDialogEvent): ShareDialogState {
  switch (event.type) {
    case 'OPEN':
      if (!event.isLoggedIn && (event.view === 'email' || event.view === 'albumOptions'))
        return { ...state, isLoggedInOnly: true };
      return { view: event.view, isFailed: false, isLoggedInOnly: false };
    case 'LOGGED_IN_ONLY':
      return { ...state, isLoggedInOnly: true };
    case 'FAILED':
      return { ...state, isFailed: true, isLoggedInOnly: false };
    case 'FAILURE_ELAPSED':
      return state.isFailed ? { ...state, view: 'options', isFailed: false } : state;
    case 'NOTICE_ELAPSED':
      return state.isLoggedInOnly ? { ...state, isLoggedInOnly: false } : state;
  }
}

/**
 * The page of one album file shown as a share (spec 000 §2 /albumImage/{albumId}/{fileId}):
 * what a visitor's link to a single file is, made without a share ("without an id", §6).
 */
export function albumImagePath(albumId: string, fileId: string): string {
  return `/albumImage/${encodeURIComponent(albumId)}/${encodeURIComponent(fileId)}`;
}

/** An absolute link to a share (spec 000 §2 "absolute links are built from origin, path…"). */
export function shareLink(origin: string, shareId: string, marker?: ShareLinkMarker): string {
  return `${origin}${sharePath(shareId, marker)}`;
}

/** A text message holding `link` (spec 000 §3 marker sms): the phone's messages app opens. */
export function smsHref(link: string): string {
  return `sms:?&body=${encodeURIComponent(link)}`;
}

/** The e-mail form of the share dialog. */
export interface EmailForm {
  recipients: string;
  subject: string;
  message: string;
}

/** What spec 000 §5 says of an {@link EmailForm}. */
export interface EmailFormCheck {
  /** The addresses, or null when the list is not a comma-separated list of valid addresses. */
  recipients: string[] | null;
  isSubjectValid: boolean;
  /** Done is enabled only when recipients and subject are valid; the message is optional. */
  canSend: boolean;
}

/** Checks the e-mail form by spec 000 §5, with the rule the server applies (`parseRecipients`). */
export function checkEmailForm(form: EmailForm): EmailFormCheck {
  const recipients = parseRecipients(form.recipients);
  const isSubjectValid = form.subject.trim() !== '';
  return { recipients, isSubjectValid, canSend: recipients !== null && isSubjectValid };
}
