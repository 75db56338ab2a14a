import { Suspense } from 'react';
import type { CastSource } from './cast-source.ts';
import { LazyCastControl } from './lazy.ts';

/** The Cast button (issue #27), loaded apart from the toolbar it sits in; nothing until it is. */
export function CastButton(source: CastSource) {
  return (
    <Suspense fallback={null}>
      <LazyCastControl source={source} />
    </Suspense>
  );
}
