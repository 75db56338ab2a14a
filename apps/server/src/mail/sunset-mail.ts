import type { Locale } from '@trove/contract';
import { fixDot, mailDate, plainAccountMail, type AccountMail } from './account-mail.ts';

interface Strings {
  subject: (date: string) => string;
  heading: string;
  body: (date: string) => string;
  keep: string;
}

/** The sunset warning's words in each product language (spec 001 §3). */
const STRINGS: Record<Locale, Strings> = {
  en_US: {
    subject: (date) => `Your Trove account will be deleted on ${date}`,
    heading: 'Your account will be deleted',
    body: (date) =>
      `Nobody has signed in to your Trove account for a long time, so it will be deleted with everything in it (photos, videos, documents, albums, shared links and comments) on ${date}.`,
    keep: 'To keep it, sign in before then. Signing in once is enough.',
  },
  nb_NO: {
    subject: (date) => `Trove-kontoen din blir slettet ${date}`,
    heading: 'Kontoen din blir slettet',
    body: (date) =>
      `Ingen har logget inn på Trove-kontoen din på lenge, så den blir slettet med alt i den (bilder, videoer, dokumenter, album, delte lenker og kommentarer) ${date}.`,
    keep: 'Logg inn før den tid for å beholde den. Det holder å logge inn én gang.',
  },
  sv_SE: {
    subject: (date) => `Ditt Trove-konto raderas ${date}`,
    heading: 'Ditt konto kommer att raderas',
    body: (date) =>
      `Ingen har loggat in på ditt Trove-konto på länge, så det raderas med allt i det (bilder, videor, dokument, album, delade länkar och kommentarer) den ${date}.`,
    keep: 'Logga in innan dess för att behålla det. Det räcker att logga in en gång.',
  },
  bg_BG: {
    subject: (date) => `Вашият профил в Trove ще бъде изтрит на ${date}`,
    heading: 'Вашият профил ще бъде изтрит',
    body: (date) =>
      `Никой не е влизал във вашия профил в Trove от дълго време, затова той ще бъде изтрит с всичко в него (снимки, видеоклипове, документи, албуми, споделени връзки и коментари) на ${date}.`,
    keep: 'За да го запазите, влезте преди това. Достатъчно е да влезете веднъж.',
  },
};

/**
 * A sunset warning (spec 001 §2 Sunset-deletion notice, issue #24; see [Note: Sunset
 * deletion]): the day the account goes, and that one sign-in keeps it.
 */
export function sunsetWarningMail(locale: Locale, deleteAt: number): AccountMail {
  const t = STRINGS[locale];
  const date = mailDate(locale, deleteAt);
  return plainAccountMail(locale, {
    subject: t.subject(date),
    heading: t.heading,
    paragraphs: [fixDot(t.body(date)), t.keep],
  });
}
