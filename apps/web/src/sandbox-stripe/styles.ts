import css from './sandbox-stripe.css?inline';

/**
 * The stand-in's look, added once per document as a <style> element (the CSP allows inline
 * styles, `style-src 'self' 'unsafe-inline'`; never inline script). Fonts and colours follow
 * the page (inherit, currentColor), so the form sits in the app's dialogs as Stripe's does
 * with its appearance options.
 */
export function installStyles(doc: Document): void {
  if (doc.querySelector('style[data-trove-sandbox-stripe]')) return;
  const style = doc.createElement('style');
  style.dataset.troveSandboxStripe = '';
  style.textContent = css;
  doc.head.append(style);
}
