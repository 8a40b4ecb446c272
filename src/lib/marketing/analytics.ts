/**
 * The shopper's classes carried by every analytics event pushed to the tag manager's data layer: Connected
 * or Non-connected, and Guest, New client or Old client (new versus old comes from the shop API's
 * newCustomer, true until the customer's first paid order). The checkout's items are mapped in
 * src/lib/analytics/items.ts.
 */
export interface Shopper {
  signedIn: boolean;
  newCustomer?: boolean;
}

export type ConnectionClass = 'Connected' | 'Non-connected';
export type ClientClass = 'Guest' | 'New client' | 'Old client';

export const shopperClasses = (shopper: Shopper): { user_connection: ConnectionClass; user_type: ClientClass } => ({
  user_connection: shopper.signedIn ? 'Connected' : 'Non-connected',
  user_type: !shopper.signedIn ? 'Guest' : shopper.newCustomer === false ? 'Old client' : 'New client',
});
