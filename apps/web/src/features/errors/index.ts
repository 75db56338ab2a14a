/*
 * The error pages the app needs before any screen (See: [Note: Feature faces]), and the way
 * back from a page that is not found; the others are lazy.ts.
 */
export { BootFailurePage } from './BootFailurePage.tsx';
export { ServerOutOfSpaceToast } from './ServerOutOfSpaceToast.tsx';
export { UpgradeBrowserPage } from './UpgradeBrowserPage.tsx';
export { NotFoundActions } from './NotFoundActions.tsx';
