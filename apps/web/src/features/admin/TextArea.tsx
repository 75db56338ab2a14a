/** A labelled multi-line field (the text of one language). */
export function TextArea({
  label,
  value,
  onChange,
  lang,
  rows = 5,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  lang?: string;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <textarea
        className="field__input admin-form__textarea"
        rows={rows}
        value={value}
        lang={lang}
        maxLength={maxLength}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </label>
  );
}
