/**
 * The captcha script (reCAPTCHA v3 or Enterprise, or the embedded platform's stand-in), loaded once per page
 * and only when a caller needs a token: explicit render (`?render=explicit`), one invisible widget for the
 * site key, then `execute` for an action. Every caller shares the one load; asking for another site key
 * than the loaded one is refused (a page has one captcha), as is a script that fails to load or to get
 * ready in time. A failed load is forgotten, so a later call tries again.
 */
import type { CaptchaSettings } from './sign-in.ts';

interface RecaptchaApi {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: { sitekey: string; size: 'invisible'; badge: 'bottomleft' | 'bottomright' | 'inline' },
  ): number;
  execute(widget: number, options: { action: string }): Promise<string>;
}
type CaptchaWindow = { grecaptcha?: RecaptchaApi & { enterprise?: RecaptchaApi } };

/** What the loader needs of the page: its window (where the script puts `grecaptcha`) and its document. */
export interface CaptchaHost {
  window: CaptchaWindow;
  document: Pick<Document, 'createElement' | 'head' | 'body'>;
}

export interface Captcha {
  execute(action: string): Promise<string>;
}

export type CaptchaFailure = 'site-key' | 'load' | 'timeout';
export class CaptchaLoadError extends Error {
  override name = 'CaptchaLoadError';
  reason: CaptchaFailure;
  constructor(reason: CaptchaFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Long enough for a slow phone network to fetch about 150 kB, short enough for a shopper waiting on a button. */
const LOAD_TIMEOUT_MS = 10_000;

export function createCaptchaLoader(host: () => CaptchaHost, timeoutMs = LOAD_TIMEOUT_MS) {
  let loaded: { siteKey: string; captcha: Promise<Captcha> } | null = null;

  /** `language`: the page's (fr, nl), for the texts of the captcha's badge and challenge. */
  return function loadCaptcha(settings: CaptchaSettings, language?: string): Promise<Captcha> {
    if (loaded) {
      if (loaded.siteKey !== settings.siteKey)
        return Promise.reject(new CaptchaLoadError('site-key', `The captcha is already loaded for another site key (${loaded.siteKey}).`));
      return loaded.captcha;
    }
    const captcha = load(host(), settings, timeoutMs, language);
    const current = { siteKey: settings.siteKey, captcha };
    loaded = current;
    captcha.catch(() => {
      if (loaded === current) loaded = null;
    });
    return captcha;
  };
}

function load({ window, document }: CaptchaHost, settings: CaptchaSettings, timeoutMs: number, language?: string): Promise<Captcha> {
  return new Promise<Captcha>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new CaptchaLoadError('timeout', `The captcha did not get ready within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const fail = (error: CaptchaLoadError) => {
      clearTimeout(timer);
      reject(error);
    };
    const script = document.createElement('script');
    script.src = `${settings.scriptUrl}?${new URLSearchParams({ render: 'explicit', ...(language ? { hl: language } : {}) })}`;
    script.async = true;
    script.addEventListener('error', () =>
      fail(new CaptchaLoadError('load', `The captcha script could not be loaded (${settings.scriptUrl}).`)),
    );
    script.addEventListener('load', () => {
      const api = settings.enterprise ? window.grecaptcha?.enterprise : window.grecaptcha;
      if (!api) return fail(new CaptchaLoadError('load', 'The captcha script loaded but offers no grecaptcha.'));
      api.ready(() => {
        try {
          // The widget is invisible; its badge (reCAPTCHA's terms) sits in a corner of the page.
          const container = document.createElement('div');
          container.className = 'captcha-badge';
          document.body.append(container);
          const widget = api.render(container, { sitekey: settings.siteKey, size: 'invisible', badge: 'bottomleft' });
          clearTimeout(timer);
          resolve({ execute: (action) => api.execute(widget, { action }) });
        } catch (error) {
          fail(new CaptchaLoadError('site-key', `The captcha refused the site key: ${(error as Error).message}`));
        }
      });
    });
    document.head.append(script);
  });
}
