/**
 * How a card becomes the payment provider's single-use token (`tkn_…`), the only thing of a card the shop
 * ever receives. One interface, two implementations, chosen by configuration (`cardTokeniser`):
 *
 * - `fields`, the embedded sandbox: the funnel's own inputs, whose details are posted straight to the
 *   sandbox's card-token endpoint beside the shop API (never to the shop API itself);
 * - `components`, production: Mollie Components. mollie.js (loaded only when the shopper opens the card
 *   form) mounts Mollie's four fields, frames served by Mollie, into the form, and `createToken` reads them
 *   there: the card never enters the page. Set by PUBLIC_MOLLIE_PROFILE_ID.
 *
 * Both fail with a `CardTokenFailure`: `card_invalid` (the provider refused the details; `field` names one
 * when it said which), `network` (no answer, or mollie.js could not load) or `failed`.
 */
import '../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import type { LocaleCode } from '../../lib/channels.ts';
import { CARD_FIELDS, type CardDetails, type CardField } from '../../lib/payments/card-details.ts';

export class CardTokenFailure extends Error {
  readonly code: 'card_invalid' | 'network' | 'failed';
  readonly description: string | null;
  readonly field: string | undefined;
  constructor(code: CardTokenFailure['code'], description: string | null = null, field?: string) {
    super(description ?? code);
    this.code = code;
    this.description = description;
    this.field = field;
  }
}

/** Where the provider's fields go, and what to do when one of them says what is wrong (null: nothing). */
type CardTargets = Record<CardField, HTMLElement | string>;
type FieldErrorListener = (field: CardField, error: string | null) => void;

export type CardTokeniser =
  | {
      kind: 'fields';
      tokenise(card: CardDetails): Promise<string>;
    }
  | {
      kind: 'components';
      /**
       * Loads the provider's script on first use and mounts its fields into `targets`; resolves with the
       * function that takes them off again (the form is leaving the page). One form at a time.
       */
      mount(targets: CardTargets, onFieldError: FieldErrorListener): Promise<() => void>;
      /** The token of the card in the mounted fields. */
      tokenise(): Promise<string>;
    };

/** The sandbox's card-token answer (Mollie Components' shape) and its error body. */
const cardTokenAnswer = z.object({ token: z.string().check(z.minLength(1)) });
const providerError = z.object({ detail: z.optional(z.string()), field: z.optional(z.string()) });

/** The embedded sandbox's card form: details posted to `{providerUrl}/components/card-tokens`. */
function sandboxTokeniser(providerUrl: string, fetchImpl: typeof fetch): CardTokeniser {
  return {
    kind: 'fields',
    async tokenise(card) {
      let response: Response;
      try {
        response = await fetchImpl(`${providerUrl.replace(/\/+$/, '')}/components/card-tokens`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/hal+json' },
          body: JSON.stringify({ ...card, cardNumber: card.cardNumber.replace(/[\s-]/g, '') }),
        });
      } catch {
        throw new CardTokenFailure('network');
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const parsed = cardTokenAnswer.safeParse(body);
        if (parsed.success) return parsed.data.token;
        throw new CardTokenFailure('failed');
      }
      const parsed = providerError.safeParse(body);
      const detail = parsed.success ? parsed.data : {};
      if (response.status === 422 || response.status === 400)
        throw new CardTokenFailure('card_invalid', detail.detail ?? null, detail.field);
      throw new CardTokenFailure('failed');
    },
  };
}

/** Mollie Components' browser API, as far as the funnel uses it (mollie.js v1). */
interface MollieComponent {
  mount(target: HTMLElement | string): void;
  unmount(): void;
  addEventListener(event: 'change', listener: (event: unknown) => void): void;
}
interface MollieInstance {
  createComponent(type: CardField): MollieComponent;
  createToken(): Promise<unknown>;
}
export type MollieFactory = (profileId: string, options: { locale: LocaleCode; testmode: boolean }) => MollieInstance;

const MOLLIE_JS = 'https://js.mollie.com/v1/mollie.js';

/** A field's change: its error text (in the shopper's language) once the shopper has been there. */
const mollieChange = z.object({ error: z.nullish(z.string()), touched: z.optional(z.boolean()) });
const mollieToken = z.object({
  token: z.nullish(z.string().check(z.minLength(1))),
  error: z.nullish(z.object({ message: z.optional(z.string()) })),
});

const mollieGlobal = (): MollieFactory | null => {
  const present = (globalThis as { Mollie?: unknown }).Mollie;
  return typeof present === 'function' ? (present as MollieFactory) : null;
};

/** mollie.js, added to the page once, when the card form first shows; after a failed load, the next form tries again. */
let mollieScript: Promise<MollieFactory> | null = null;
function loadMollieJs(): Promise<MollieFactory> {
  const present = mollieGlobal();
  if (present) return Promise.resolve(present);
  mollieScript ??= new Promise<MollieFactory>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      script.remove();
      mollieScript = null;
      reject(new Error(reason));
    };
    script.src = MOLLIE_JS;
    script.async = true;
    script.addEventListener('load', () => {
      const loaded = mollieGlobal();
      if (loaded) resolve(loaded);
      else fail('mollie.js loaded without Mollie');
    });
    script.addEventListener('error', () => fail('mollie.js did not load'));
    document.head.append(script);
  });
  return mollieScript;
}

interface MollieSettings {
  profileId: string;
  locale: LocaleCode;
  testmode: boolean;
  /** mollie.js's `Mollie` (tests give a fake); by default the script is loaded from js.mollie.com. */
  load?: () => Promise<MollieFactory>;
}

/** Mollie Components: the four fields created once per page, mounted wherever the card form shows. */
function mollieTokeniser(settings: MollieSettings): CardTokeniser {
  const load = settings.load ?? loadMollieJs;
  let fields: { mollie: MollieInstance; components: Record<CardField, MollieComponent> } | null = null;
  let listener: FieldErrorListener | null = null;
  /** The form the fields are mounted in now (a newer form takes them over: React may mount a form twice). */
  let owner: object | null = null;

  function create(factory: MollieFactory) {
    // Mollie's locales are the site's own (fr_FR, fr_BE, nl_BE): its error texts come in the shopper's language.
    const mollie = factory(settings.profileId, { locale: settings.locale, testmode: settings.testmode });
    const components = Object.fromEntries(
      CARD_FIELDS.map((field) => {
        const component = mollie.createComponent(field);
        component.addEventListener('change', (event) => {
          const change = mollieChange.safeParse(event);
          if (!change.success) return;
          // An error shows once the shopper has been in the field (Mollie's `touched`), not on an untouched form.
          listener?.(field, change.data.touched !== false && change.data.error ? change.data.error : null);
        });
        return [field, component];
      }),
    ) as Record<CardField, MollieComponent>;
    return { mollie, components };
  }

  return {
    kind: 'components',
    async mount(targets, onFieldError) {
      let factory: MollieFactory;
      try {
        factory = await load();
      } catch {
        throw new CardTokenFailure('network');
      }
      fields ??= create(factory);
      const { components } = fields;
      const unmount = () => {
        for (const field of CARD_FIELDS) components[field].unmount();
      };
      if (owner) unmount();
      const form = {};
      owner = form;
      listener = onFieldError;
      for (const field of CARD_FIELDS) components[field].mount(targets[field]);
      return () => {
        if (owner !== form) return;
        owner = null;
        listener = null;
        unmount();
      };
    },
    async tokenise() {
      // No fields on the page: the form is still loading (or could not load), so there is no card to read.
      if (!fields || !owner) throw new CardTokenFailure('failed');
      let answer: unknown;
      try {
        answer = await fields.mollie.createToken();
      } catch {
        throw new CardTokenFailure('network');
      }
      const parsed = mollieToken.safeParse(answer);
      if (!parsed.success) throw new CardTokenFailure('failed');
      if (parsed.data.token) return parsed.data.token;
      // Mollie's own words (in the shopper's language): the card's details are incomplete or wrong.
      throw new CardTokenFailure('card_invalid', parsed.data.error?.message ?? null);
    },
  };
}

/** The card settings of a build: PUBLIC_MOLLIE_PROFILE_ID (pfl_…) and PUBLIC_MOLLIE_TESTMODE. */
export interface CardSettings {
  mollieProfileId?: string | undefined;
  mollieTestmode?: boolean | undefined;
}

/**
 * The card form the build is configured for: Mollie Components when a profile id is set, else the
 * embedded sandbox's form beside the shop API.
 */
export function cardTokeniser(
  settings: CardSettings & { locale: LocaleCode },
  sandbox: { providerUrl: string; fetch?: typeof fetch },
  load?: () => Promise<MollieFactory>,
): CardTokeniser {
  const profileId = settings.mollieProfileId?.trim();
  if (profileId)
    return mollieTokeniser({ profileId, locale: settings.locale, testmode: settings.mollieTestmode ?? false, ...(load ? { load } : {}) });
  return sandboxTokeniser(sandbox.providerUrl, sandbox.fetch ?? ((input, init) => globalThis.fetch(input, init)));
}
