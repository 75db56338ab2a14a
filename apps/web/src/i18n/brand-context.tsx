import { DEFAULT_BRANDS, type Brand } from '@trove/contract';
import { createContext, useContext } from 'react';

/** The brand of the page's host (spec 001 §1); the international one until boot says otherwise. */
export const BrandContext = createContext<Brand>(DEFAULT_BRANDS.intl);

/** The current brand: name, logo, device name and legal links. */
export function useBrand(): Brand {
  return useContext(BrandContext);
}
