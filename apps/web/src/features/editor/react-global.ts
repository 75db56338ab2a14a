import * as React from 'react';

/*
 * react-filerobot-image-editor 5.0.1 ships three modules (Tabs/TabsResponsive,
 * Tabs/TabsNavbar, buttons/HistoryButtons) compiled to `React.createElement` without
 * importing React: they crash with "React is not defined" on their first render. They only
 * call it while rendering, so the React of this app on the global object, set when the
 * editor's chunk is evaluated, is enough. The editor's chunk alone loads this; remove it
 * once the package imports React itself (docs/ARCHITECTURE.md "The photo editor"). A function the
 * dialog's module calls, not an import for its effect: the app's modules are declared free
 * of side effects, so such an import would be dropped.
 */
export function exposeReactGlobally(): void {
  (globalThis as { React?: typeof React }).React ??= React;
}
