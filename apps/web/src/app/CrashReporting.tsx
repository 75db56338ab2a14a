import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useApi } from '../api/api-context.tsx';
import { loadCrashReport } from '../features/analytics/lazy.ts';
import { AppCrashBoundary, CrashReportContext } from '../ui/ScreenBoundary.tsx';

/**
 * Gives the error boundaries below it a way to report a crash (spec 001 §8), and catches a
 * crash no screen caught. The reporter's code is fetched only after a crash (See: [Note:
 * Crash reports]).
 */
export function CrashReporting({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const report = useCallback(
    (error: unknown, componentStack: string) => {
      console.error('the app crashed', error);
      loadCrashReport()
        .then((module) => module.reportCrash({ api, queryClient }, error, componentStack))
        .catch(() => undefined);
    },
    [api, queryClient],
  );
  return (
    <CrashReportContext value={report}>
      <AppCrashBoundary>{children}</AppCrashBoundary>
    </CrashReportContext>
  );
}
