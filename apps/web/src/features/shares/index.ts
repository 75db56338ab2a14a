/*
 * What the app takes of shares (See: [Note: Feature faces]): the layer that shows the share
 * dialog any screen asks for (See: [Note: Dialog requests]). The share calls are api.ts, the
 * share pages lazy.ts.
 */
export { ShareDialogLayer } from './dialog/ShareDialogLayer.tsx';

/** The login-gated copy of a share to the timeline (spec 000 §2 /share/{shareId}/copyShare). */
export { copySharePath } from './page/use-copy-share.ts';
