import { Route, Routes } from 'react-router';
import { LazyNotFoundPage as NotFoundPage } from '../errors/lazy.ts';
import { lazyScreen } from '../../ui/lazy-screen.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useAccountInfoQuery } from '../auth/api.ts';

// Each page of the admin area is a chunk of its own (See: [Note: Lazy screens]); the entry
// chunk carries one import for the whole area, and no user but an operator fetches more.
const AdminUsersPage = lazyScreen(() => import('./AdminUsersPage.tsx').then((m) => m.AdminUsersPage), {
  messages: 'admin',
});
const AdminAuditPage = lazyScreen(() => import('./AdminAuditPage.tsx').then((m) => m.AdminAuditPage), {
  messages: 'admin',
});
const AdminTermsPage = lazyScreen(() => import('./AdminTermsPage.tsx').then((m) => m.AdminTermsPage), {
  messages: 'admin',
});
const AdminCardsPage = lazyScreen(() => import('./AdminCardsPage.tsx').then((m) => m.AdminCardsPage), {
  messages: 'admin',
});
const AdminAnnouncementsPage = lazyScreen(
  () => import('./AdminAnnouncementsPage.tsx').then((m) => m.AdminAnnouncementsPage),
  { messages: 'admin' },
);
const AdminDeletionsPage = lazyScreen(
  () => import('./AdminDeletionsPage.tsx').then((m) => m.AdminDeletionsPage),
  { messages: 'admin' },
);
const AdminWorkItemsPage = lazyScreen(
  () => import('./AdminWorkItemsPage.tsx').then((m) => m.AdminWorkItemsPage),
  { messages: 'admin' },
);

/**
 * The admin area (issue #24), /admin and below: users, the audit log, terms of service,
 * cards, announcements, account deletions and background work. Anyone but an operator finds nothing here, as the server answers them.
 */
export function AdminScreens() {
  const account = useAccountInfoQuery();
  if (!account.data) return <PageSpinner />;
  if (!account.data.is_operator) return <NotFoundPage />;
  return (
    <Routes>
      <Route index element={<AdminUsersPage />} />
      <Route path="audit" element={<AdminAuditPage />} />
      <Route path="terms" element={<AdminTermsPage />} />
      <Route path="cards" element={<AdminCardsPage />} />
      <Route path="announcements" element={<AdminAnnouncementsPage />} />
      <Route path="deletions" element={<AdminDeletionsPage />} />
      <Route path="work" element={<AdminWorkItemsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
