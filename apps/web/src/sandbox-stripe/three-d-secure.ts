import type { Texts } from './messages.ts';
import { installStyles } from './styles.ts';

/**
 * The sandbox's 3-D Secure page, as Stripe's test ACS page offers it: a modal dialog whose
 * two buttons decide the outcome. Keyboard: focus starts on "Complete", Tab cycles between
 * the buttons and stays inside, Escape fails (closing Stripe's modal fails authentication
 * too); focus returns where it was. Resolves true for "Complete authentication".
 */
export function askThreeDSecure(texts: Texts): Promise<boolean> {
  installStyles(document);
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const id = `trove-sandbox-3ds-${String(Date.now())}`;
  const backdrop = document.createElement('div');
  backdrop.className = 'trove-sandbox-3ds-backdrop';
  const dialog = document.createElement('div');
  dialog.className = 'trove-sandbox-3ds';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-body`);
  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.textContent = texts('sandboxStripe.threeDS.title');
  const body = document.createElement('p');
  body.id = `${id}-body`;
  body.textContent = texts('sandboxStripe.threeDS.body');
  const complete = button(texts('sandboxStripe.threeDS.complete'), 'trove-sandbox-primary');
  const fail = button(texts('sandboxStripe.threeDS.fail'), 'trove-sandbox-secondary');
  const actions = document.createElement('div');
  actions.className = 'trove-sandbox-3ds-actions';
  actions.append(complete, fail);
  dialog.append(title, body, actions);
  backdrop.append(dialog);
  // The page behind is out of reach for pointer, keyboard and screen reader alike.
  const hidden = [...document.body.children].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && !el.inert,
  );
  hidden.forEach((el) => (el.inert = true));
  document.body.append(backdrop);
  complete.focus();

  return new Promise((resolve) => {
    const close = (result: boolean) => {
      backdrop.remove();
      hidden.forEach((el) => (el.inert = false));
      before?.focus();
      resolve(result);
    };
    complete.addEventListener('click', () => {
      close(true);
    });
    fail.addEventListener('click', () => {
      close(false);
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(false);
      } else if (event.key === 'Tab') {
        event.preventDefault();
        (document.activeElement === complete ? fail : complete).focus();
      }
    });
  });
}

function button(text: string, className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  return b;
}
