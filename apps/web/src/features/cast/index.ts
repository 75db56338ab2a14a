/*
 * Casting's face (See: [Note: Feature faces]): the Cast button the album view and the viewer
 * put in their toolbars. Its code and messages load with it, apart from theirs.
 */
export { CastButton } from './CastButton.tsx';
export type { CastSource } from './cast-source.ts';
