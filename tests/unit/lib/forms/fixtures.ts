/** What the forms' tests share: a valid French address as the address form holds it. */
import { emptyAddress, type AddressFormValues } from '../../../../src/lib/forms/address.ts';

export const validAddress = (): AddressFormValues => ({
  ...emptyAddress('FR'),
  firstName: 'Camille',
  lastName: 'Durand',
  street: '12 rue des Lilas',
  city: 'Lyon',
  postcode: '69003',
  phoneNumber: { countryCode: 'FR', number: '+33 6 12 34 56 78' },
});
