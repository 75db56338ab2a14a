import { useEffect } from 'react';
import { useBrand } from '../i18n/brand-context.tsx';

/** Sets `document.title` to "<page> – <brand>", or the brand name alone (spec 001 §1: the brand follows the host). */
export function usePageTitle(pageTitle?: string): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${brand.name}` : brand.name;
  }, [pageTitle, brand.name]);
}
