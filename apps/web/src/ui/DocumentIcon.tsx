/**
 * A document (spec 000 §2 Documents), for the screens that show documents: the documents
 * screen, its settings entry, the upload panel's previews. Kept out of icons.tsx so the
 * entry chunk does not carry it (issue #10 first-load budget). Decorative, like every icon:
 * the control around it carries the accessible name.
 */
export function DocumentIcon({ size = 24 }: { size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M14 2H6c-1.1 0-1.99.9-1.99 2L4 20c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8l-6-6zm2 16H8v-2h8v2zm0-4H8v-2h8v2zm-3-5V3.5L18.5 9H13z"
        fill="currentColor"
      />
    </svg>
  );
}
