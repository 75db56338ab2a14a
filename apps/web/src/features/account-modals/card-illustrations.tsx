import type { CardIllustration } from '@trove/contract';

/** The illustrations of spec 001 §3 Message card, kept out of ui/icons.tsx (the entry chunk). */
const PATHS: Record<CardIllustration, string> = {
  backup:
    'M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96zM14 13v4h-4v-4H7l5-5 5 5h-3z',
  info: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z',
  photos:
    'M22 16V4c0-1.1-.9-2-2-2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2zm-11-4l2.03 2.71L16 11l4 5H8l3-4zM2 6v14c0 1.1.9 2 2 2h14v-2H4V6H2z',
  subscriptions: 'M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
};

/** A card's illustration in a tinted circle; decorative, the title beside it says what it is about. */
export function CardArt({ name }: { name: CardIllustration }) {
  return (
    <div className={`card-modal__art card-modal__art--${name}`}>
      <svg width={56} height={56} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={PATHS[name]} fill="currentColor" />
      </svg>
    </div>
  );
}
