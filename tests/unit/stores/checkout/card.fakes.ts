/**
 * A fake of mollie.js's `Mollie` (Mollie Components, v1): what the funnel calls on it is logged, each
 * component's change listener can be fired, and createToken answers what the test says.
 */
import type { CardField } from '../../../../src/lib/payments/card-details.ts';
import type { MollieFactory } from '../../../../src/stores/checkout/card.ts';

export function fakeMollie(answer: unknown) {
  const log: string[] = [];
  const listeners = new Map<CardField, (event: unknown) => void>();
  let tokens = 0;
  const factory: MollieFactory = (profileId, options) => {
    log.push(`Mollie ${profileId} ${options.locale} testmode=${options.testmode}`);
    return {
      createComponent(type) {
        log.push(`create ${type}`);
        return {
          mount: (target) => log.push(`mount ${type} ${typeof target === 'string' ? target : 'element'}`),
          unmount: () => log.push(`unmount ${type}`),
          addEventListener: (_event, listener) => listeners.set(type, listener),
        };
      },
      async createToken() {
        tokens += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  };
  return {
    factory,
    log,
    /** Mollie's `change` event of one field. */
    change: (field: CardField, event: unknown) => listeners.get(field)?.(event),
    tokensAsked: () => tokens,
  };
}
