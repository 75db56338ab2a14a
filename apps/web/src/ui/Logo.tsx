import { useBrand } from '../i18n/brand-context.tsx';

/** The brand's logo: the operator's image when configured, else the built-in mark. Decorative. */
export function Logo({ size = 32 }: { size?: number }) {
  const brand = useBrand();
  if (brand.logoUrl !== '') {
    return <img className="logo" src={brand.logoUrl} alt="" width={size} height={size} />;
  }
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M7 22l6-8 4 5 3-3 5 6z" fill="#fff" />
      <circle cx="21" cy="11" r="2.5" fill="#fff" />
    </svg>
  );
}
