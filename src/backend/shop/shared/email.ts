/**
 * The one form of an e-mail address that accounts, newsletter subscriptions, contact requests and personal
 * codes are found and compared by: an address typed with capitals or spaces is the same address.
 */
export const canonicalEmail = (email: string): string => email.trim().toLowerCase();
