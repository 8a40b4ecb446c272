/**
 * The cancellation request ("Demander la résiliation"): the shopper gives a reason from this list and a
 * precision, both required; an operator handles the request, and until then the subscription shows it.
 */
export const abortReasons = [
  'too_much_food',
  'animal_does_not_like',
  'animal_health',
  'animal_deceased',
  'too_expensive',
  'delivery_problem',
  'other',
] as const;

/** The precision is a short text: at least 2 characters (the generic text rule), at most 1000. */
export const ABORT_MESSAGE = { min: 2, max: 1000 } as const;
