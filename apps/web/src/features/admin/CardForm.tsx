import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  CardActionType,
  CardIllustration,
  LOCALE_NAMES,
  LOCALES,
  NewCardBody,
  type CardAudience,
  type Locale,
} from '@trove/contract';
import { z } from 'zod/mini';
import type { MessageId } from '../../i18n/messages.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useCreateCardMutation } from './api.ts';
import { TextArea } from './TextArea.tsx';

interface CtaDraft {
  label: string;
  type: CardActionType;
  url: string;
  dismiss: boolean;
}
const NO_CTA: CtaDraft = { label: '', type: 'internal_navigation', url: '', dismiss: true };

const ACTION_TEXT: Record<CardActionType, MessageId> = {
  internal_navigation: 'admin.cards.action.internal',
  new_tab: 'admin.cards.action.newTab',
  redirect: 'admin.cards.action.redirect',
};
const ILLUSTRATION_TEXT: Record<CardIllustration, MessageId> = {
  backup: 'admin.cards.art.backup',
  info: 'admin.cards.art.info',
  photos: 'admin.cards.art.photos',
  subscriptions: 'admin.cards.art.subscriptions',
  warning: 'admin.cards.art.warning',
};
type AudienceKind = CardAudience['kind'];
const AUDIENCE_TEXT: Record<AudienceKind, MessageId> = {
  all: 'admin.cards.audience.all',
  read_only: 'admin.cards.audience.readOnly',
  brand: 'admin.cards.audience.brand',
  language: 'admin.cards.audience.language',
};

/** What went wrong, by the first field the contract refused. */
function problemOf(path: readonly PropertyKey[]): MessageId {
  const last = String(path[path.length - 1]);
  if (last === 'url') return 'admin.cards.badUrl';
  if (last === 'label') return 'admin.cards.needLabel';
  if (last === 'title') return 'admin.cards.needTitle';
  if (last === 'body') return 'admin.cards.needBody';
  if (last === 'ends_at') return 'admin.cards.badWindow';
  return 'admin.failed';
}

const seconds = (local: string) => (local === '' ? undefined : Math.floor(new Date(local).getTime() / 1000));

/**
 * A new full-screen card (spec 001 §3 Message card; issue #24): what it shows, its actions,
 * who sees it and when. Checked by the contract before it is sent, as the server checks it:
 * an action opens an in-app route, or an http(s) URL in a new tab or by a redirect.
 */
export function CardForm() {
  const intl = useIntl();
  const create = useCreateCardMutation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [art, setArt] = useState<CardIllustration>('info');
  const [primary, setPrimary] = useState<CtaDraft>(NO_CTA);
  const [hasSecondary, setHasSecondary] = useState(false);
  const [secondary, setSecondary] = useState<CtaDraft>({ ...NO_CTA, type: 'new_tab', dismiss: false });
  const [audience, setAudience] = useState<AudienceKind>('all');
  const [brand, setBrand] = useState<'intl' | 'no'>('intl');
  const [locale, setLocale] = useState<Locale>('en_US');
  const [starts, setStarts] = useState('');
  const [ends, setEnds] = useState('');
  const [problem, setProblem] = useState<MessageId | null>(null);

  const cta = (draft: CtaDraft) => ({
    label: draft.label,
    dismiss_on_tap: draft.dismiss,
    web_action: { action_type: draft.type, url: draft.url.trim() },
  });
  const submit = () => {
    const startsAt = seconds(starts);
    const endsAt = seconds(ends);
    const parsed = z.safeParse(NewCardBody, {
      client_values: {
        title,
        illustration: art,
        body,
        primary_cta: cta(primary),
        secondary_cta: hasSecondary ? cta(secondary) : null,
      },
      audience:
        audience === 'brand'
          ? { kind: 'brand', brand }
          : audience === 'language'
            ? { kind: 'language', locale }
            : { kind: audience },
      ...(startsAt !== undefined && { starts_at: startsAt }),
      ...(endsAt !== undefined && { ends_at: endsAt }),
    });
    if (!parsed.success) {
      setProblem(problemOf(parsed.error.issues[0]?.path ?? []));
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setTitle('');
        setBody('');
        setPrimary(NO_CTA);
        setHasSecondary(false);
      },
    });
  };
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <form
      className="card admin-form"
      aria-labelledby="admin-card-new"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="admin-card-new" className="card__title">
        {t('admin.cards.new')}
      </h2>
      <TextField
        label={t('admin.cards.cardTitle')}
        value={title}
        maxLength={120}
        onChange={(e) => {
          setTitle(e.target.value);
        }}
      />
      <TextArea label={t('admin.cards.body')} value={body} rows={3} maxLength={2000} onChange={setBody} />
      <Select
        label={t('admin.cards.illustration')}
        value={art}
        onChange={(v) => {
          setArt(z.parse(CardIllustration, v));
        }}
      >
        {CardIllustration.options.map((name) => (
          <option key={name} value={name}>
            {t(ILLUSTRATION_TEXT[name])}
          </option>
        ))}
      </Select>
      <CtaFields legend={t('admin.cards.primary')} value={primary} onChange={setPrimary} />
      <label className="admin-form__check">
        <input
          type="checkbox"
          checked={hasSecondary}
          onChange={(e) => {
            setHasSecondary(e.target.checked);
          }}
        />
        {t('admin.cards.addSecondary')}
      </label>
      {hasSecondary && (
        <CtaFields legend={t('admin.cards.secondary')} value={secondary} onChange={setSecondary} />
      )}
      <fieldset className="admin-form__group">
        <legend className="field__label">{t('admin.cards.who')}</legend>
        <Select
          label={t('admin.cards.audienceLabel')}
          value={audience}
          onChange={(v) => {
            setAudience(v as AudienceKind);
          }}
        >
          {(Object.keys(AUDIENCE_TEXT) as AudienceKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {t(AUDIENCE_TEXT[kind])}
            </option>
          ))}
        </Select>
        {audience === 'brand' && (
          <Select
            label={t('admin.cards.brand')}
            value={brand}
            onChange={(v) => {
              setBrand(v === 'no' ? 'no' : 'intl');
            }}
          >
            <option value="intl">{t('admin.cards.brandIntl')}</option>
            <option value="no">{t('admin.cards.brandNo')}</option>
          </Select>
        )}
        {audience === 'language' && (
          <Select
            label={t('admin.cards.language')}
            value={locale}
            onChange={(v) => {
              setLocale(v as Locale);
            }}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </Select>
        )}
        <TextField
          label={t('admin.cards.starts')}
          hint={t('admin.cards.startsHint')}
          type="datetime-local"
          value={starts}
          onChange={(e) => {
            setStarts(e.target.value);
          }}
        />
        <TextField
          label={t('admin.cards.ends')}
          hint={t('admin.cards.endsHint')}
          type="datetime-local"
          value={ends}
          onChange={(e) => {
            setEnds(e.target.value);
          }}
        />
      </fieldset>
      {(problem ?? create.isError) && (
        <p className="form-error" role="alert">
          {t(problem ?? 'admin.failed')}
        </p>
      )}
      {create.isSuccess && !problem && (
        <p className="muted" role="status">
          {t('admin.cards.written')}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('admin.cards.write')}
        </button>
      </div>
    </form>
  );
}

function CtaFields({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: CtaDraft;
  onChange: (v: CtaDraft) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <fieldset className="admin-form__group">
      <legend className="field__label">{legend}</legend>
      <TextField
        label={t('admin.cards.label')}
        value={value.label}
        maxLength={60}
        onChange={(e) => {
          onChange({ ...value, label: e.target.value });
        }}
      />
      <Select
        label={t('admin.cards.actionType')}
        value={value.type}
        onChange={(v) => {
          onChange({ ...value, type: z.parse(CardActionType, v) });
        }}
      >
        {CardActionType.options.map((type) => (
          <option key={type} value={type}>
            {t(ACTION_TEXT[type])}
          </option>
        ))}
      </Select>
      <TextField
        label={t('admin.cards.url')}
        hint={t(value.type === 'internal_navigation' ? 'admin.cards.urlHintInternal' : 'admin.cards.urlHint')}
        value={value.url}
        inputMode="url"
        maxLength={2000}
        onChange={(e) => {
          onChange({ ...value, url: e.target.value });
        }}
      />
      <label className="admin-form__check">
        <input
          type="checkbox"
          checked={value.dismiss}
          onChange={(e) => {
            onChange({ ...value, dismiss: e.target.checked });
          }}
        />
        {t('admin.cards.dismiss')}
      </label>
    </fieldset>
  );
}

export function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        {children}
      </select>
    </div>
  );
}
