/**
 * Login and registration, anonymous only: the e-mail first, then the password of a known
 * account or the registration of a new one; "not you? change account" goes back to the e-mail; the
 * forgotten password is asked for here too. On the register route the registration form comes first.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import { opensAtForgotPassword, type LoginStep } from '../../lib/forms/login.ts';
import { StatusMessage } from '../shared/forms/ErrorList.tsx';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { EmailStep } from './EmailStep.tsx';
import { Guarded, IslandStatus } from '../shared/guard.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { GoogleLogin } from './SocialLogin.tsx';

// The registration (its birthday and rules) and the forgotten password load when the shopper reaches them:
// the sign-in page, which opens at the e-mail, stays within its JavaScript budget. The register page renders
// its form at build time (the lazy form holds the page's HTML until it is there) and hydrates once it loads.
const RegisterForm = lazy(() => import('./RegisterForm.tsx').then((module) => ({ default: module.RegisterForm })));
const ForgotPasswordForm = lazy(() => import('./ForgotPasswordForm.tsx').then((module) => ({ default: module.ForgotPasswordForm })));

/** A form reached from the sign-in's e-mail step: a loading status while its code comes. */
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<IslandStatus messageKey="islands.loading" />}>{children}</Suspense>
);

type Mode = 'login' | 'register';
type Step = LoginStep | 'forgot' | 'forgotSent';

/**
 * The login or register page with the same query (the remembered path goes along). The page's HTML is
 * rendered at build time without a query: it is added once the island runs, so hydration matches.
 */
function useSameQuery(): (path: string) => string {
  const [search, setSearch] = useState('');
  useEffect(() => setSearch(window.location.search), []);
  return (path) => `${path}${search}`;
}

function Login({ mode }: { mode: Mode }) {
  const { t, locale } = useIsland();
  const sameQuery = useSameQuery();
  const [step, setStep] = useState<Step>(mode === 'register' ? 'register' : 'email');
  const [email, setEmail] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const emailStep = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // A dead reset link sends the shopper here to ask for a new one: the page opens at that step (its HTML,
  // built without a query, is the e-mail step, so hydration matches).
  useEffect(() => {
    if (mode === 'login' && opensAtForgotPassword(window.location.search)) setStep('forgot');
  }, [mode]);

  // Each new step is announced by moving the focus to its heading; the e-mail step, which has none, to its field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` is the trigger: the effect runs once per new step, whose heading the ref then holds.
  useEffect(() => {
    if (moved.current) (heading.current ?? emailStep.current?.querySelector('input'))?.focus();
  }, [step]);
  const go = (next: Step, address = email) => {
    moved.current = true;
    setEmail(address);
    setStep(next);
  };
  const changeAccount = (
    <button type="button" className="link-button" onClick={() => go('email', '')}>
      {t('account.login.notYou')}
    </button>
  );

  switch (step) {
    case 'email':
      return (
        <div className="login" ref={emailStep}>
          <GoogleLogin />
          <EmailStep email={email} onLookup={(next, address) => go(next, address)} />
          <p>
            {t('account.login.noAccount')} <a href={sameQuery(pathTo('register', locale))}>{t('forms.actions.register')}</a>
          </p>
        </div>
      );
    case 'password':
      return (
        <div className="login">
          <h2 ref={heading} tabIndex={-1}>
            {t('account.login.hello', { email })}
          </h2>
          <PasswordStep key={email} email={email} onForgot={() => go('forgot')} />
          <p>{changeAccount}</p>
        </div>
      );
    case 'register':
      return (
        <div className="login">
          {mode === 'login' ? (
            <>
              <h2 ref={heading} tabIndex={-1}>
                {t('account.register.title')}
              </h2>
              <p>{t('account.login.newHere', { email })}</p>
              <p>{changeAccount}</p>
            </>
          ) : (
            <GoogleLogin />
          )}
          {mode === 'login' ? (
            <Later>
              <RegisterForm key={email} email={email} emailShown={false} />
            </Later>
          ) : (
            <RegisterForm key={email} email={email} emailShown />
          )}
          {mode === 'register' && (
            <p>
              {t('account.register.haveAccount')} <a href={sameQuery(pathTo('login', locale))}>{t('forms.actions.login')}</a>
            </p>
          )}
        </div>
      );
    case 'forgot':
      return (
        <div className="login">
          <h2 ref={heading} tabIndex={-1}>
            {t('account.forgot.title')}
          </h2>
          <Later>
            <ForgotPasswordForm email={email} onSent={(address) => go('forgotSent', address)} />
          </Later>
          <p>
            <button type="button" className="link-button" onClick={() => go(email ? 'password' : 'email')}>
              {t('account.forgot.back')}
            </button>
          </p>
        </div>
      );
    case 'forgotSent':
      return (
        <div className="login">
          <h2 ref={heading} tabIndex={-1}>
            {t('account.forgot.title')}
          </h2>
          <StatusMessage message={t('account.forgot.sent')} />
          <p>
            <button type="button" className="link-button" onClick={() => go('email', '')}>
              {t('account.forgot.back')}
            </button>
          </p>
        </div>
      );
  }
}

export default function LoginIsland(props: IslandProps & { mode?: Mode }) {
  const mode = props.mode ?? 'login';
  return (
    <Island {...props}>
      {/* Pre-rendered: the form is in the page's HTML, painted before React loads (it holds nothing private). */}
      <Guarded route={mode} prerendered>
        <Login mode={mode} />
      </Guarded>
    </Island>
  );
}
