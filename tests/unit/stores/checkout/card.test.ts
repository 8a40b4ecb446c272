/**
 * The card form of a build (src/stores/checkout/card.ts): the sandbox's inputs when no Mollie profile is
 * set, Mollie Components when one is, against a fake of mollie.js's `Mollie`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardField } from '../../../../src/lib/payments/card-details.ts';
import { CardTokenFailure, cardTokeniser } from '../../../../src/stores/checkout/card.ts';
import { fakeMollie } from './card.fakes.ts';

const PROVIDER = 'https://api.example.test/payments';
const targets = { cardNumber: '#number', expiryDate: '#expiry', verificationCode: '#cvc', cardHolder: '#holder' };
const card = { cardHolder: 'Lotte Peeters', cardNumber: '4543 4740 0224 9996', expiryDate: '12/34', verificationCode: '123' };

function mollieForm(mollie: ReturnType<typeof fakeMollie>, settings: { testmode?: boolean } = {}) {
  const form = cardTokeniser(
    { mollieProfileId: 'pfl_Test123', mollieTestmode: settings.testmode, locale: 'nl_BE' },
    { providerUrl: PROVIDER },
    async () => mollie.factory,
  );
  if (form.kind !== 'components') throw new Error('expected Mollie Components');
  return form;
}

afterEach(() => {
  delete (globalThis as { Mollie?: unknown }).Mollie;
});

describe('the card form the settings choose', () => {
  it('without a Mollie profile: the sandbox’s inputs, posted to its card-token endpoint only', async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(JSON.stringify({ resource: 'card-token', token: 'tkn_sandbox' }), { status: 201 }),
    );
    for (const mollieProfileId of [undefined, '', '  ']) {
      const form = cardTokeniser({ mollieProfileId, locale: 'fr_FR' }, { providerUrl: `${PROVIDER}/`, fetch });
      expect(form.kind).toBe('fields');
      if (form.kind === 'fields') await expect(form.tokenise(card)).resolves.toBe('tkn_sandbox');
    }
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(Array(3).fill(`${PROVIDER}/components/card-tokens`));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).cardNumber).toBe('4543474002249996');
  });

  it('with a profile id: Mollie Components, in the page’s language and the configured mode', async () => {
    const mollie = fakeMollie({ token: 'tkn_1' });
    await mollieForm(mollie, { testmode: true }).mount(targets, () => undefined);
    expect(mollie.log).toEqual([
      'Mollie pfl_Test123 nl_BE testmode=true',
      'create cardNumber',
      'create expiryDate',
      'create verificationCode',
      'create cardHolder',
      'mount cardNumber #number',
      'mount expiryDate #expiry',
      'mount verificationCode #cvc',
      'mount cardHolder #holder',
    ]);
    // Test mode is off unless asked for: a live profile's tokens.
    const live = fakeMollie({ token: 'tkn_2' });
    await mollieForm(live).mount(targets, () => undefined);
    expect(live.log[0]).toBe('Mollie pfl_Test123 nl_BE testmode=false');
  });

  it('reads mollie.js’s global Mollie when no loader is given (the script already on the page)', async () => {
    const mollie = fakeMollie({ token: 'tkn_global' });
    (globalThis as { Mollie?: unknown }).Mollie = mollie.factory;
    const form = cardTokeniser({ mollieProfileId: 'pfl_Test123', locale: 'fr_BE' }, { providerUrl: PROVIDER });
    if (form.kind !== 'components') throw new Error('expected Mollie Components');
    await form.mount(targets, () => undefined);
    await expect(form.tokenise()).resolves.toBe('tkn_global');
    expect(mollie.log[0]).toBe('Mollie pfl_Test123 fr_BE testmode=false');
  });
});

describe('Mollie Components', () => {
  it('tells each field’s error once the shopper has been there, and clears it when fixed', async () => {
    const mollie = fakeMollie({ token: 'tkn_1' });
    const errors: Array<[CardField, string | null]> = [];
    await mollieForm(mollie).mount(targets, (field, error) => errors.push([field, error]));
    mollie.change('cardNumber', { error: 'Kaartnummer is ongeldig', touched: false, valid: false });
    mollie.change('cardNumber', { error: 'Kaartnummer is ongeldig', touched: true, valid: false });
    mollie.change('expiryDate', { error: 'Vervaldatum is verstreken', touched: true });
    mollie.change('cardNumber', { touched: true, valid: true });
    mollie.change('cardHolder', 'not an event');
    expect(errors).toEqual([
      ['cardNumber', null],
      ['cardNumber', 'Kaartnummer is ongeldig'],
      ['expiryDate', 'Vervaldatum is verstreken'],
      ['cardNumber', null],
    ]);
  });

  it('creates the fields once and moves them to the form on the page now; an older form leaving takes nothing', async () => {
    const mollie = fakeMollie({ token: 'tkn_1' });
    const form = mollieForm(mollie);
    const first = vi.fn();
    const second = vi.fn();
    // React may mount a form, unmount it and mount it again before the first mount has finished.
    const [offFirst, offSecond] = await Promise.all([form.mount(targets, first), form.mount(targets, second)]);
    offFirst();
    mollie.change('cardNumber', { error: 'Ongeldig', touched: true });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('cardNumber', 'Ongeldig');
    expect(mollie.log.filter((line) => line.startsWith('create'))).toHaveLength(4);
    expect(mollie.log.filter((line) => line.startsWith('unmount'))).toHaveLength(4);
    await expect(form.tokenise()).resolves.toBe('tkn_1');

    offSecond();
    expect(mollie.log.filter((line) => line.startsWith('unmount'))).toHaveLength(8);
    // No fields on the page: nothing to read a card from.
    await expect(form.tokenise()).rejects.toMatchObject({ code: 'failed' });
  });

  it('createToken’s error is Mollie’s own message; a throw or an odd answer is not taken for a token', async () => {
    const refused = mollieForm(fakeMollie({ error: { message: 'Vervaldatum is verstreken' } }));
    await refused.mount(targets, () => undefined);
    const failure = await refused.tokenise().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CardTokenFailure);
    expect(failure).toMatchObject({ code: 'card_invalid', description: 'Vervaldatum is verstreken' });

    const offline = mollieForm(fakeMollie(new Error('offline')));
    await offline.mount(targets, () => undefined);
    await expect(offline.tokenise()).rejects.toMatchObject({ code: 'network' });

    const odd = mollieForm(fakeMollie({ token: 42 }));
    await odd.mount(targets, () => undefined);
    await expect(odd.tokenise()).rejects.toMatchObject({ code: 'failed' });
  });

  it('mollie.js that cannot load is a network failure the form can show', async () => {
    const form = cardTokeniser({ mollieProfileId: 'pfl_Test123', locale: 'fr_FR' }, { providerUrl: PROVIDER }, async () => {
      throw new Error('blocked');
    });
    if (form.kind !== 'components') throw new Error('expected Mollie Components');
    await expect(form.mount(targets, () => undefined)).rejects.toMatchObject({ code: 'network' });
    await expect(form.tokenise()).rejects.toMatchObject({ code: 'failed' });
  });
});
