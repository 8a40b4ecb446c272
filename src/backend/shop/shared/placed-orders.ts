/**
 * An order counts as a customer's order once its checkout completed and it was not cancelled: the first-order
 * rule, a single-use code, a friend's first order, the newsletter's customers and an account's deletion all
 * read it so. A condition on shop.orders' own columns, for any query of that table.
 */
export const COMPLETED_ORDER = `checkout_state = 'completed' AND state IN ('new', 'fulfilled')`;
