/**
 * The checkout funnel (/commande/{order}/), signed-in only: the cart, the billing (and shipping)
 * address, the delivery, the payment method, the summary. One step is open at a time, the next one the
 * order's checkout state allows; a step already done shows what was chosen and can be opened again. A
 * placed order that waits for its money shows the payment again; placed on this page (a card refused at
 * the summary) the funnel stays as drawn, only its payment still open to change. Another tab acting on
 * the same order: a dialog warns and offers to continue here. On a phone the cart is a recap to open above
 * the steps; from 1024 px it stands beside them, its lines and totals in view while the shopper goes on.
 */
import { createContext, lazy, type ReactNode, type RefObject, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { beginCheckout, pushCheckoutEvent } from '../../lib/analytics/items.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { runtimeParamOf } from '../../lib/routes/runtime-params.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { awaitsPayment, codeOf, openPayment, shipmentOf } from '../../stores/checkout/order.ts';
import { useStore } from '@nanostores/react';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { type IslandProps, useIsland, useShop } from '../shared/island.tsx';
import { OrderTotals } from '../shared/OrderTotals.tsx';
import { AddressStep, type OtherSite, useAddressFormReady } from './AddressStep.tsx';
import { dataLayer, OrderLines, StepErrors, useCheckout } from './shared.tsx';
import './checkout.css';

// The shipping step (relay points, their opening hours), the payment step and the summary (the card form,
// the totals) load when the funnel reaches them: the first screen, the address, stays within the page's
// JavaScript budget.
const ShippingStep = lazy(() => import('./ShippingStep.tsx').then((module) => ({ default: module.ShippingStep })));
const PaymentStep = lazy(() => import('./PaymentStep.tsx').then((module) => ({ default: module.PaymentStep })));
const SummaryStep = lazy(() => import('./SummaryStep.tsx').then((module) => ({ default: module.SummaryStep })));
const PayAgain = lazy(() => import('./SummaryStep.tsx').then((module) => ({ default: module.PayAgain })));

type Step = 'address' | 'shipping' | 'payment' | 'summary';
const STEPS: readonly Step[] = ['address', 'shipping', 'payment', 'summary'];
const TITLES: Record<Step, string> = {
  address: 'checkout.billing.title',
  shipping: 'checkout.shipping.title',
  payment: 'checkout.payment.title',
  summary: 'checkout.summary.title',
};

/** The furthest step the order's checkout state opens. */
function stepOf(order: Order): Step {
  switch (order.checkoutState) {
    case 'cart':
      return 'address';
    case 'addressed':
      return 'shipping';
    case 'shipping_selected':
    case 'shipping_skipped':
      return order.total === 0 ? 'summary' : 'payment';
    default:
      return 'summary';
  }
}

const itemCount = (order: Order) => order.items.reduce((sum, item) => sum + item.quantity, 0);

/** The cart on a phone: a line to open above the steps (hidden from 1024 px, where CartAside shows it). */
function CartRecap({ order }: { order: Order }) {
  const { t, price, locale } = useIsland();
  return (
    <details className="card checkout-cart">
      <summary>
        <span>
          {t('checkout.cart.title')} ({itemCount(order)})
        </span>
        <strong>{price(order.total)}</strong>
      </summary>
      <OrderLines order={order} />
      <p>
        <a href={pathTo('cart', locale)}>{t('checkout.cart.editCart')}</a>
      </p>
    </details>
  );
}

/** The cart beside the steps from 1024 px (hidden below, where CartRecap shows it): its lines and totals, in view while the page scrolls. */
function CartAside({ order }: { order: Order }) {
  const { t, locale } = useIsland();
  return (
    <aside className="card checkout-aside" aria-labelledby="checkout-aside-title" data-cart-aside>
      <h2 id="checkout-aside-title">
        {t('checkout.cart.title')} ({itemCount(order)})
      </h2>
      <OrderLines order={order} />
      <OrderTotals cart={order} />
      <p>
        <a href={pathTo('cart', locale)}>{t('checkout.cart.editCart')}</a>
      </p>
    </aside>
  );
}

/** What a step done chose, in one or two lines. */
function Chosen({ step, order }: { step: Step; order: Order }) {
  const { t, price } = useIsland();
  const { shippingMethods, paymentMethods } = useCheckout();
  if (step === 'address' && order.billingAddress) {
    const a = order.billingAddress;
    return <>{`${a.firstName} ${a.lastName}, ${a.street}, ${a.postcode} ${a.city}`}</>;
  }
  const shipment = shipmentOf(order);
  if (step === 'shipping' && shipment?.method) {
    const method = shippingMethods.find((m) => m.code === codeOf(shipment.method));
    const point = shipment.relayPoint;
    return (
      <>
        {method?.name ?? shipment.carrier} · {price(order.shippingTotal)}
        {point && (
          <>
            <br />
            {point.name}, {point.street}, {point.postcode} {point.city}
          </>
        )}
      </>
    );
  }
  const payment = openPayment(order);
  if (step === 'payment' && payment?.method)
    return <>{paymentMethods.find((m) => m.code === codeOf(payment.method))?.name ?? codeOf(payment.method)}</>;
  if (step === 'payment' && order.total === 0) return <>{t('checkout.payment.free')}</>;
  return null;
}

/** Brings an opened step's heading to the top and focuses it, when the step's body is drawn. */
function Arrived({ heading, onDone }: { heading: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the body is drawn.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
    onDone();
  }, []);
  return null;
}

function Section({
  step,
  index,
  open,
  done,
  onEdit,
  children,
}: {
  step: Step;
  index: number;
  open: boolean;
  done: boolean;
  /** Null: a step that can no longer change (the order is placed). */
  onEdit: (() => void) | null;
  children: ReactNode;
}) {
  const { t } = useIsland();
  const { order, error } = useCheckout();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step that opens comes to the top of the screen, so its main action shows on a phone without
  // scrolling, and takes the focus, so a keyboard or screen reader follows the funnel: once its body is
  // drawn (a step whose code is still coming leaves the page too short to bring its heading up).
  const wasOpen = useRef(open);
  const [arriving, setArriving] = useState(false);
  useEffect(() => {
    if (open && !wasOpen.current) setArriving(true);
    wasOpen.current = open;
  }, [open]);
  return (
    <section className={`card checkout-step${open ? ' is-open' : ''}`} aria-labelledby={`step-${step}`} data-step={step}>
      <div className="checkout-step-head">
        <h2 id={`step-${step}`} ref={heading} tabIndex={-1}>
          <span className="checkout-step-number" aria-hidden="true">
            {index + 1}
          </span>
          {t(TITLES[step])}
        </h2>
        {done && !open && onEdit && (
          <button type="button" className="link-button" onClick={onEdit} aria-label={t('checkout.editStep', { step: t(TITLES[step]) })}>
            {t('checkout.edit')}
          </button>
        )}
      </div>
      {done && !open && order && (
        <p className="checkout-chosen">
          <Chosen step={step} order={order} />
        </p>
      )}
      {open && (
        <>
          {/* The summary says its failures above its button, in a place kept for them (PaymentAlert). */}
          {step !== 'summary' && <StepErrors error={error} />}
          <Suspense fallback={<IslandStatus messageKey="islands.loading" />}>
            {children}
            {arriving && <Arrived heading={heading} onDone={() => setArriving(false)} />}
          </Suspense>
        </>
      )}
    </section>
  );
}

function ElsewhereDialog() {
  const { t } = useIsland();
  const { store, elsewhere } = useCheckout();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (elsewhere && !element.open) element.showModal();
    else if (!elsewhere && element.open) element.close();
  }, [elsewhere]);
  return (
    <dialog
      ref={dialog}
      className="dialog card"
      aria-labelledby="elsewhere-title"
      onCancel={() => void store.continueHere()}
      data-elsewhere
    >
      <h2 id="elsewhere-title">{t('checkout.elsewhere.title')}</h2>
      <p>{t('checkout.elsewhere.text')}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void store.continueHere()}>
          {t('checkout.elsewhere.continue')}
        </button>
      </div>
    </dialog>
  );
}

/** Why there is no funnel to show, and the way back to the cart. */
function BackToCart({ children }: { children: ReactNode }) {
  const { t, locale } = useIsland();
  return (
    <div className="checkout-missing">
      {children}
      <p>
        <a className="button" href={pathTo('cart', locale)}>
          {t('checkout.backToCart')}
        </a>
      </p>
    </div>
  );
}

/** The other country site, which the address step sends an address of its countries to (the page knows it). */
const OtherSiteOf = createContext<OtherSite | undefined>(undefined);

function Funnel() {
  const { t, locale } = useIsland();
  const shop = useShop();
  const otherSite = useContext(OtherSiteOf);
  const { store, order, status, error, addresses } = useCheckout();
  const customer = useStore(shop.customer.$customer);
  const addressFormReady = useAddressFormReady(order?.state === 'cart' && addresses.length === 0);
  const [token] = useState(() => runtimeParamOf('checkout', 'order', location.pathname, locale));
  const [editing, setEditing] = useState<Step | null>(null);
  // Whether this page showed the order as a cart: placed here, its card refused, the funnel stays as drawn.
  const [sawCart, setSawCart] = useState(false);
  if (order?.state === 'cart' && !sawCart) setSawCart(true);

  useEffect(() => {
    if (!token) return;
    void store.load(token).then((loaded) => {
      if (loaded?.state === 'cart') pushCheckoutEvent(dataLayer(), beginCheckout(loaded));
      // The cart was merged into the customer's own at sign-in: the funnel follows it.
      const cartToken = shop.cart.token();
      if (!loaded && cartToken && cartToken !== token) location.replace(pathTo('checkout', locale, { order: cartToken }));
    });
    return () => store.stop();
  }, [store, token, locale, shop]);
  // A step done closes the step that was opened again: any answer of the shop about the order, even one that
  // leaves its checkout state as it was (a payment method chosen again after "Modifier" stays payment_selected).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order answered anew is the cause, not a value read.
  useEffect(() => setEditing(null), [order]);

  if ((!order && (status === 'idle' || status === 'loading')) || !addressFormReady) return <IslandStatus messageKey="checkout.loading" />;
  if (!order || !token) {
    return (
      <BackToCart>
        <StepErrors error={error ?? { code: 'not_found', description: null, violations: [] }} />
      </BackToCart>
    );
  }
  const placed = order.state !== 'cart';
  if (placed && !awaitsPayment(order)) {
    location.replace(pathTo('orderConfirmation', locale, { order: order.tokenValue }));
    return <IslandStatus messageKey="checkout.loading" />;
  }
  if (placed && !sawCart) {
    return (
      <div className="checkout" data-checkout={order.tokenValue}>
        <section className="card checkout-step is-open" aria-labelledby="step-pay" data-step="pay">
          <h2 id="step-pay">{t('checkout.payment.title')}</h2>
          <Suspense fallback={<IslandStatus messageKey="islands.loading" />}>
            <PayAgain />
          </Suspense>
        </section>
        <CartAside order={order} />
        <ElsewhereDialog />
      </div>
    );
  }
  if (order.items.length === 0) {
    return (
      <BackToCart>
        <p>{t('checkout.cart.empty')}</p>
      </BackToCart>
    );
  }

  const reached = stepOf(order);
  const open = editing ?? reached;
  const bodies: Record<Step, ReactNode> = {
    address: <AddressStep customer={customer} otherSite={otherSite} />,
    shipping: <ShippingStep />,
    payment: <PaymentStep />,
    summary: <SummaryStep />,
  };
  const steps = order.total === 0 && reached === 'summary' ? STEPS.filter((s) => s !== 'payment') : STEPS;
  return (
    <div className="checkout" data-checkout={order.tokenValue} aria-busy={status === 'busy'}>
      <CartRecap order={order} />
      <ol className="checkout-steps" aria-label={t('checkout.steps')}>
        {steps.map((step, index) => (
          <li key={step}>
            <Section
              step={step}
              index={index}
              open={open === step}
              done={STEPS.indexOf(step) < STEPS.indexOf(reached)}
              // A placed order may still change how it pays (for the same fee), nothing else.
              onEdit={placed && step !== 'payment' ? null : () => setEditing(step)}
            >
              {bodies[step]}
            </Section>
          </li>
        ))}
      </ol>
      <CartAside order={order} />
      <ElsewhereDialog />
    </div>
  );
}

const GuardedFunnel = guardedIsland('checkout', Funnel);

export default function CheckoutIsland({ otherSite, ...props }: IslandProps & { otherSite?: OtherSite }) {
  return (
    <OtherSiteOf.Provider value={otherSite}>
      <GuardedFunnel {...props} />
    </OtherSiteOf.Provider>
  );
}
