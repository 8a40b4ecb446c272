/** Labels of the delivery frequencies of a subscription: "Toutes les 3 semaines", "Tous les 2 mois"… */
import { DELIVERY_FREQUENCIES, type DeliveryFrequency } from '../constants.ts';

export function frequencyLabel(f: DeliveryFrequency, plural: (key: string, count: number) => string): string {
  return 'weeks' in f ? plural('catalogue.frequencies.weeks', f.weeks) : plural('catalogue.frequencies.months', f.months);
}

export const isDeliveryInterval = (days: number): boolean => DELIVERY_FREQUENCIES.some((f) => f.days === days);
