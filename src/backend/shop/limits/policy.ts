/**
 * Every number of the shop API's rate limits and of the password-hashing bounds, in one place. Counters
 * live in PostgreSQL (store.ts), so a limit holds across platform instances; the hashing bounds are per
 * process, because they protect the CPU and memory of that process.
 *
 * "Address" is the client address as client-address.ts resolves it (an IPv6 client counts as its /64,
 * which one subscriber usually gets whole). Windows are fixed: they start at the first counted request
 * of a key and end `seconds` later, when the count starts again from zero.
 */
import { availableParallelism } from 'node:os';

export interface RateLimit {
  /** Requests (or failures) allowed within the window; the next one is answered 429. */
  points: number;
  /** Length of the window, in seconds: the longest a Retry-After can be. */
  seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /**
   * Failed logins on one account from one address. Counting the pair, not the account, is what keeps a
   * stranger from locking the owner out: their failures lock only their own address out of that account.
   * Five tries cover a shopper hesitating between their usual passwords.
   */
  loginAccountAddress: { points: 5, seconds: 15 * MINUTE },
  /**
   * Failed logins from one address, whatever the account: stops one machine from trying one common
   * password on many accounts (password spraying). A success gives its try back, so a household or an
   * office behind one address is not stopped by its own sign-ins. Google sign-ins count here too (a forged
   * token or a failed captcha is a failed login), so a script cannot try them faster than passwords.
   */
  loginAddress: { points: 10, seconds: 15 * MINUTE },
  /**
   * E-mail lookups (the login's first step, which says whether an account exists) from one address.
   * A shopper looks up once or twice per sign-in; 60 in 10 minutes leaves room for several shoppers
   * behind one carrier-grade NAT and for the end-to-end tests, and cuts enumeration to under nine thousand
   * e-mails a day per address instead of hundreds a second.
   */
  lookupAddress: { points: 60, seconds: 10 * MINUTE },
  /**
   * Registrations (POST /customers) from one address. Each one hashes a password (scrypt, 32 MiB) and opens
   * an account with its welcome mail: unthrottled, one machine opened an account every few seconds, for
   * ever. A household opens one account per person, once; ten in an hour leaves room for a family (or a
   * few neighbours behind a carrier's NAT) signing up the same evening, typos and a forgotten account
   * included. An e-mail refused as already used counts too, or registering would tell which e-mails have
   * an account faster than the lookup (above) does. A refused body (422) is not counted: it cost nothing.
   */
  registrationAddress: { points: 10, seconds: HOUR },
  /**
   * Password-reset mails for one e-mail: at most three in an hour, the life of a reset link, so a
   * stranger cannot fill a mailbox; the latest mail received stays valid, so the owner is not stuck.
   * Counted for unknown e-mails alike, so a 429 tells nothing about which accounts exist.
   */
  resetEmail: { points: 3, seconds: HOUR },
  /** Password-reset requests from one address, whatever the e-mail: one machine cannot mail many people. */
  resetAddress: { points: 10, seconds: HOUR },
  /**
   * Refused discount codes on one cart. Codes are short words (BIENVENUE10): guessing them at hundreds a
   * second would find them; ten refusals leave room for typos. An applied code gives its try back.
   */
  couponCart: { points: 10, seconds: 15 * MINUTE },
  /**
   * Wrong current passwords typed to change the password or the e-mail, per customer. Those calls need a
   * session, but a stolen access token must not become a way to guess the password behind it (and then
   * take the account over for good). A right password gives its try back.
   */
  currentPasswordCustomer: { points: 5, seconds: 15 * MINUTE },
  /** Refused discount codes from one address, across carts (a new cart costs nothing). */
  couponAddress: { points: 30, seconds: 15 * MINUTE },
  /**
   * Relay-point searches per customer: each one is a call to the carrier's web service, whose quota is
   * the shop's. A shopper searches a few postcodes per order; 60 in 10 minutes is far beyond that.
   */
  relaySearchCustomer: { points: 60, seconds: 10 * MINUTE },
  /** Relay-point searches from one address, whatever the account (accounts cost nothing to open; a shop
   * behind one address serves many shoppers). */
  relaySearchAddress: { points: 300, seconds: 10 * MINUTE },
  /**
   * Payment requests per customer: each one asks the payment provider, and a flood of card payments is
   * how stolen card numbers are tested. A shopper whose card is refused tries again a few times; 20 in an
   * hour is far beyond that.
   */
  paymentRequestCustomer: { points: 20, seconds: HOUR },
  /**
   * Photo-upload authentications per customer: each one lets one file into the media service. A shopper
   * imports, rotates or deletes a pet's photo a few times; 30 in 10 minutes is far beyond that, and keeps
   * an account from filling the storage.
   */
  mediaAuthenticationCustomer: { points: 30, seconds: 10 * MINUTE },
  /**
   * Newsletter sign-ups for one e-mail: each one mails a confirmation link, so a stranger typing someone
   * else's address may send them three mails an hour at most. Counted for every e-mail, signed up or not.
   */
  newsletterEmail: { points: 3, seconds: HOUR },
  /** Newsletter sign-ups from one address, whatever the e-mail: one machine cannot mail a list of people. */
  newsletterAddress: { points: 20, seconds: HOUR },
  /**
   * Contact requests from one address: each one stores up to 20 MB of files and mails the customer
   * service. A shopper writes once or twice; ten an hour leaves room for a household or an office.
   */
  contactAddress: { points: 10, seconds: HOUR },
  /** Contact requests for one e-mail (the acknowledgement goes there): a stranger cannot fill a mailbox. */
  contactEmail: { points: 5, seconds: HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Password hashing (scrypt, 32 MiB and ~50–100 ms of one core per hash) is the one thing a request can
 * make expensive. At most `concurrency` hashes run at once in a process: one per core, and never more
 * than libuv's 4 threads (more would only queue there, out of our sight, in front of file and DNS work).
 * A few more wait their turn, `maxQueue` at most: that bounds the wait of a real sign-in behind a flood
 * to about maxQueue / concurrency hashes; beyond it the answer is 503 with this Retry-After.
 */
const hashingConcurrency = Math.max(1, Math.min(availableParallelism(), 4));
export const PASSWORD_HASHING = {
  concurrency: hashingConcurrency,
  /**
   * Hashes of probable abuse (limits/semaphore.ts: logins from an address that already failed, or for an
   * e-mail without an account) leave one slot free for everyone else when there are two or more: a real
   * sign-in then never waits for a flood's hash to end.
   */
  lowConcurrency: Math.max(1, hashingConcurrency - 1),
  maxQueue: 8,
  busyRetryAfterSeconds: 1,
} as const;

/**
 * Logins hashing at once from one address: one, with two more allowed to wait (two shoppers behind one
 * NAT signing in at the same moment); the rest are answered 429 at once, before any database work.
 * Per process, like the hashing bounds it protects.
 */
export const LOGIN_HASHING_PER_ADDRESS = { concurrency: 1, maxQueue: 2, busyRetryAfterSeconds: 1 } as const;

/**
 * A login refused with 429 (limit reached, or the address's line full) or 503 (hashing saturated) is
 * answered after `delayMs`: a client that waits for each answer before sending the next — most do —
 * then costs the server a few requests a second instead of thousands, and a real sign-in from another
 * address keeps its speed. Nobody is in a hurry to read a refusal. At most `maxHeld` answers are held at
 * once (each holds only a timer and its connection); beyond, they go at once.
 */
export const LOGIN_REFUSAL_DELAY = { delayMs: 250, maxHeld: 1000 } as const;
