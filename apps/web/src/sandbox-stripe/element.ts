import type { StripeError } from '@stripe/stripe-js';
import type { CardBody } from './api.ts';
import {
  type CardField,
  type CardFields,
  type CardState,
  caretAfterDigits,
  digitsOf,
  formatCvc,
  formatExpiry,
  formatNumber,
  readCard,
  showsError,
} from './card-input.ts';
import type { Texts } from './messages.ts';
import { installStyles } from './styles.ts';

export type SandboxElementType = 'payment' | 'card';
type Handler = (event: unknown) => void;

/** Stripe's element options the stand-in honours; others are accepted and ignored. */
export interface SandboxElementOptions {
  disabled?: boolean;
  readOnly?: boolean;
}

let nextId = 0;

/**
 * The Payment Element (`payment`) or Card Element (`card`) of the sandbox: real labelled
 * inputs for number, expiry (MM/YY) and CVC inside the mount node, no iframe and no billing
 * details (spec 001 §3), at least 320 px high (spec 001 §9). Emits `ready`, `change`
 * `{elementType, empty, complete, brand, value, error}` (`complete` drives "card form submit
 * disabled until complete", spec 001 §5), `focus` and `blur`, as Stripe's elements do.
 */
export class SandboxElement {
  readonly elementType: SandboxElementType;
  readonly #texts: () => Texts;
  readonly #onDestroy: () => void;
  readonly #handlers = new Map<string, Set<Handler>>();
  #options: SandboxElementOptions;
  #fields: CardFields = { number: '', expiry: '', cvc: '' };
  #left: Record<CardField, boolean> = { number: false, expiry: false, cvc: false };
  #root: HTMLElement | undefined;
  #inputs: Partial<Record<CardField, HTMLInputElement>> = {};
  #lastChange = '';
  #destroyed = false;

  constructor(
    type: SandboxElementType,
    options: SandboxElementOptions,
    texts: () => Texts,
    onDestroy: () => void,
  ) {
    this.elementType = type;
    this.#options = options;
    this.#texts = texts;
    this.#onDestroy = onDestroy;
  }

  on(event: string, handler: Handler): this {
    let set = this.#handlers.get(event);
    if (set === undefined) this.#handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler === undefined) this.#handlers.delete(event);
    else this.#handlers.get(event)?.delete(handler);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (e) => {
      this.off(event, wrapped);
      handler(e);
    };
    return this.on(event, wrapped);
  }

  mount(target: HTMLElement | string): void {
    if (this.#destroyed) throw new Error('This Element has already been destroyed.');
    const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (node === null)
      throw new Error(`The selector ${typeof target === 'string' ? target : ''} applies to no DOM element.`);
    this.unmount();
    installStyles(node.ownerDocument);
    this.#root = this.#render();
    node.append(this.#root);
    this.#apply();
    // Stripe's elements are ready once their iframe loaded: always after mount() returned.
    setTimeout(() => {
      this.#emit('ready', { elementType: this.elementType });
    }, 0);
  }

  unmount(): void {
    this.#root?.remove();
    this.#root = undefined;
    this.#inputs = {};
  }

  destroy(): void {
    this.unmount();
    this.#destroyed = true;
    this.#handlers.clear();
    this.#onDestroy();
  }

  update(options: SandboxElementOptions): void {
    this.#options = { ...this.#options, ...options };
    this.#apply();
  }

  focus(): void {
    this.#inputs.number?.focus();
  }

  blur(): void {
    const active = document.activeElement;
    if (active instanceof HTMLElement && this.#root?.contains(active)) active.blur();
  }

  clear(): void {
    this.#fields = { number: '', expiry: '', cvc: '' };
    this.#left = { number: false, expiry: false, cvc: false };
    this.#apply();
    this.#changed();
  }

  /** Re-renders the texts after `elements.update({locale})`. */
  relabel(): void {
    if (this.#root === undefined) return;
    const parent = this.#root.parentElement;
    this.#root.remove();
    this.#root = this.#render();
    parent?.append(this.#root);
    this.#apply();
  }

  /**
   * The card to confirm, or Stripe's validation error (every field's error shown, the first
   * invalid field focused), as `elements.submit()` and `confirmSetup` do.
   */
  collect(): { card: CardBody } | { error: StripeError } {
    this.#left = { number: true, expiry: true, cvc: true };
    this.#apply();
    const state = this.#state();
    if (state.card !== undefined) return { card: state.card };
    const field =
      (['number', 'expiry', 'cvc'] as const).find((f) => state.errors[f] !== undefined) ?? 'number';
    this.#inputs[field]?.focus();
    return { error: this.#validationError(state, field) ?? this.#fallbackError() };
  }

  #state(): CardState {
    return readCard(this.#fields, new Date());
  }

  #validationError(state: CardState, field: CardField): StripeError | undefined {
    const code = state.errors[field];
    if (code === undefined) return undefined;
    return { type: 'validation_error', code, message: this.#texts()(`sandboxStripe.error.${code}`) };
  }

  #fallbackError(): StripeError {
    return { type: 'validation_error', message: this.#texts()('sandboxStripe.error.unexpected') };
  }

  #emit(event: string, payload: unknown): void {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) handler(payload);
  }

  /** Emits `change` when what it reports changed (Stripe does not repeat identical events). */
  #changed(): void {
    const state = this.#state();
    const shown = (['number', 'expiry', 'cvc'] as const).find((f) =>
      showsError(state.errors[f], this.#left[f]),
    );
    const error = shown === undefined ? undefined : this.#validationError(state, shown);
    const event = {
      elementType: this.elementType,
      empty: state.empty,
      complete: state.complete,
      collapsed: false,
      brand: state.brand,
      value: { type: 'card' },
      error,
    };
    const key = JSON.stringify(event);
    if (key === this.#lastChange) return;
    this.#lastChange = key;
    this.#emit('change', event);
  }

  #render(): HTMLElement {
    const texts = this.#texts();
    const id = `trove-sandbox-${String(++nextId)}`;
    const root = document.createElement('div');
    root.className = 'trove-sandbox-card';
    const badge = document.createElement('p');
    badge.className = 'trove-sandbox-badge';
    badge.textContent = texts('sandboxStripe.badge');
    const number = this.#field(
      id,
      'number',
      texts('sandboxStripe.cardNumber'),
      'cc-number',
      '1234 1234 1234 1234',
    );
    const brand = document.createElement('span');
    brand.className = 'trove-sandbox-brand';
    brand.setAttribute('aria-hidden', 'true');
    number.querySelector('.trove-sandbox-input')?.append(brand);
    const row = document.createElement('div');
    row.className = 'trove-sandbox-row';
    row.append(
      this.#field(
        id,
        'expiry',
        texts('sandboxStripe.expiry'),
        'cc-exp',
        texts('sandboxStripe.expiryPlaceholder'),
      ),
      this.#field(id, 'cvc', texts('sandboxStripe.cvc'), 'cc-csc', 'CVC'),
    );
    const hint = document.createElement('p');
    hint.className = 'trove-sandbox-hint';
    hint.textContent = texts('sandboxStripe.hint');
    root.append(badge, number, row, hint);
    root.addEventListener('focusin', (event) => {
      if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget)))
        this.#emit('focus', { elementType: this.elementType });
    });
    root.addEventListener('focusout', (event) => {
      if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget)))
        this.#emit('blur', { elementType: this.elementType });
    });
    return root;
  }

  #field(
    id: string,
    field: CardField,
    label: string,
    autocomplete: string,
    placeholder: string,
  ): HTMLElement {
    const wrapper = document.createElement('div');
    wrapper.className = 'trove-sandbox-field';
    const labelEl = document.createElement('label');
    labelEl.htmlFor = `${id}-${field}`;
    labelEl.textContent = label;
    const box = document.createElement('div');
    box.className = 'trove-sandbox-input';
    const input = document.createElement('input');
    input.id = `${id}-${field}`;
    input.name = field;
    input.type = 'text';
    input.inputMode = 'numeric';
    input.setAttribute('autocomplete', autocomplete);
    input.placeholder = placeholder;
    input.spellcheck = false;
    input.setAttribute('aria-describedby', `${id}-${field}-error`);
    const error = document.createElement('p');
    error.id = `${id}-${field}-error`;
    error.className = 'trove-sandbox-error';
    error.setAttribute('role', 'alert');
    input.addEventListener('input', (event) => {
      const deleting = event instanceof InputEvent && event.inputType.startsWith('delete');
      // The caret stays after the same digit when spaces or the slash come and go.
      const digitsBefore = digitsOf(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
      const atEnd = digitsBefore === digitsOf(input.value).length;
      this.#fields[field] = this.#format(field, input.value, deleting);
      // A field becomes wrong, never "incomplete", while typed; complete moves focus on.
      this.#apply();
      const caret = atEnd ? input.value.length : caretAfterDigits(input.value, digitsBefore);
      input.setSelectionRange(caret, caret);
      this.#changed();
      if (this.#state().errors[field] === undefined && !deleting) this.#next(field)?.focus();
    });
    input.addEventListener('blur', () => {
      if (this.#fields[field] === '' && !this.#left[field]) return;
      this.#left[field] = true;
      this.#apply();
      this.#changed();
    });
    box.append(input);
    wrapper.append(labelEl, box, error);
    this.#inputs[field] = input;
    return wrapper;
  }

  #next(field: CardField): HTMLInputElement | undefined {
    if (field === 'number') return this.#inputs.expiry;
    if (field === 'expiry') return this.#inputs.cvc;
    return undefined;
  }

  #format(field: CardField, value: string, deleting: boolean): string {
    if (field === 'number') return formatNumber(value);
    if (field === 'expiry') return formatExpiry(value, deleting);
    return formatCvc(value, readCard(this.#fields, new Date()).brand);
  }

  /** Writes the fields, errors, brand and options into the DOM. */
  #apply(): void {
    if (this.#root === undefined) return;
    const state = this.#state();
    const texts = this.#texts();
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      const input = this.#inputs[field];
      if (input === undefined) continue;
      if (input.value !== this.#fields[field]) input.value = this.#fields[field];
      input.disabled = this.#options.disabled === true;
      input.readOnly = this.#options.readOnly === true;
      const code = state.errors[field];
      const shown = showsError(code, this.#left[field]) && code !== undefined;
      input.setAttribute('aria-invalid', String(shown));
      const errorEl = this.#root.querySelector(`#${input.id}-error`);
      if (errorEl !== null) {
        const text = shown ? texts(`sandboxStripe.error.${code}`) : '';
        if (errorEl.textContent !== text) errorEl.textContent = text;
      }
    }
    const brand = this.#root.querySelector('.trove-sandbox-brand');
    if (brand !== null) brand.textContent = state.brand === 'unknown' ? '' : state.brand;
  }
}
