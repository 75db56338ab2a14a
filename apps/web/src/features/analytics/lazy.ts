/*
 * The analytics parts fetched only when needed (See: [Note: Crash reports]): the crash
 * reporter, loaded after a crash.
 */

/** The crash reporter's module. */
export const loadCrashReport = () => import('./crash-report.ts');
