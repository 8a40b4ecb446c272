/**
 * My sponsorships (/mon-compte/mes-parrainages/), signed-in customers only: the referral link to copy or
 * share, the code, the rule in the shop's numbers, and the friends who came through them with how far each
 * got (a first name and an initial: nothing more of someone else), with the reward each brought.
 *
 * Until the customer's sponsorship arrives (and in the page's HTML) the page is drawn at its final size:
 * the rule is the shop's constant, the link and code keep their room, so nothing moves when they come.
 */
import { useCallback, useEffect, useState } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import { SPONSORSHIP, type Sponsorship } from '../../lib/shop-api/sponsorships.ts';
import { CopyButton } from '../shared/CopyButton.tsx';
import { guardedIsland } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import './sponsorships.css';

type Loaded = { status: 'loading' } | { status: 'ready'; sponsorship: Sponsorship } | { status: 'failed' };

/** A code's room while it loads: as long as a real one (a first name of up to 10 letters and 4 more). */
const CODE_ROOM = 'XXXXXXX-XXXX';

function Rule() {
  const { t, price } = useIsland();
  return (
    <section className="sponsorship-rule card" aria-labelledby="sponsorship-rule-title">
      <h2 id="sponsorship-rule-title">{t('sponsorships.rule.title')}</h2>
      <ul>
        <li>
          {t('sponsorships.rule.friend', {
            friendDiscount: price(SPONSORSHIP.friendDiscount),
            friendMinimum: price(SPONSORSHIP.friendMinimum),
          })}
        </li>
        <li>{t('sponsorships.rule.sponsor', { sponsorReward: price(SPONSORSHIP.sponsorReward), days: SPONSORSHIP.rewardValidityDays })}</li>
        <li>{t('sponsorships.rule.how')}</li>
        <li>{t('sponsorships.rule.household')}</li>
      </ul>
    </section>
  );
}

/** The link and the code with their actions; without a sponsorship yet, their room only (nothing to copy). */
function Share({ sponsorship }: { sponsorship: Sponsorship | null }) {
  const { t, price, locale } = useIsland();
  const link = sponsorship?.link ?? `${pathTo('register', locale)}?parrain=${CODE_ROOM}`;
  const code = sponsorship?.code ?? CODE_ROOM;
  const amount = price(SPONSORSHIP.friendDiscount);
  const text = t('sponsorships.link.mailBody', { amount, link });
  const mail = `mailto:?subject=${encodeURIComponent(t('sponsorships.link.mailSubject', { amount }))}&body=${encodeURIComponent(text)}`;
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(text)}`;
  const hidden = sponsorship ? undefined : 'sponsorship-pending';
  return (
    <section className="sponsorship-share" aria-labelledby="sponsorship-link-title" aria-busy={sponsorship ? undefined : true}>
      <h2 id="sponsorship-link-title">{t('sponsorships.link.title')}</h2>
      <p className="sponsorship-link">
        {/* Focusable: on a phone the line scrolls, and a keyboard must be able to scroll it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by the keyboard (axe: scrollable-region-focusable). */}
        <code className={hidden} data-sponsorship-link={sponsorship ? '' : undefined} tabIndex={0}>
          {link}
        </code>
      </p>
      <div className="sponsorship-actions">
        {sponsorship ? (
          <CopyButton text={link} label={t('sponsorships.link.copy')} done={t('sponsorships.link.copied')} className="button" />
        ) : (
          <button type="button" className="button" disabled>
            {t('sponsorships.link.copy')}
          </button>
        )}
        <a className="button secondary" href={sponsorship ? mail : undefined} aria-disabled={sponsorship ? undefined : true}>
          {t('sponsorships.link.mail')}
        </a>
        <a
          className="button secondary"
          href={sponsorship ? whatsApp : undefined}
          rel="noopener"
          target="_blank"
          aria-disabled={sponsorship ? undefined : true}
        >
          {t('sponsorships.link.whatsApp')}
        </a>
      </div>
      <h2>{t('sponsorships.code.title')}</h2>
      <p className="sponsorship-code">
        <strong className={hidden} data-sponsorship-code={sponsorship ? '' : undefined}>
          {code}
        </strong>
        {sponsorship ? (
          <CopyButton text={code} label={t('sponsorships.code.copy')} done={t('sponsorships.code.copied')} />
        ) : (
          <button type="button" className="button secondary" disabled>
            {t('sponsorships.code.copy')}
          </button>
        )}
      </p>
    </section>
  );
}

function Friends({ friends }: { friends: Sponsorship['friends'] | null }) {
  const { t, price, locale } = useIsland();
  const date = new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' });
  return (
    <section className="sponsorship-friends" aria-labelledby="sponsorship-friends-title">
      <h2 id="sponsorship-friends-title">{t('sponsorships.friends.title')}</h2>
      {friends === null ? (
        <p className="sponsorship-pending">{t('sponsorships.friends.none')}</p>
      ) : friends.length === 0 ? (
        <p>{t('sponsorships.friends.none')}</p>
      ) : (
        <ul>
          {friends.map((friend, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list comes whole from one answer, in a stable order; two friends may share a name.
            <li key={index} className="card" data-friend-state={friend.state}>
              <p className="sponsorship-friend-name">{friend.name}</p>
              <p className="sponsorship-friend-date">
                {t('sponsorships.friends.registered', { date: date.format(new Date(friend.registeredAt)) })}
              </p>
              <p className={`sponsorship-state is-${friend.state}`}>{t(`sponsorships.friends.states.${friend.state}`)}</p>
              {friend.reward && (
                <p className="sponsorship-reward">
                  {t('sponsorships.friends.reward', { code: friend.reward.code, amount: price(friend.reward.amount) })}
                  {' — '}
                  {friend.reward.used
                    ? t('sponsorships.friends.used')
                    : friend.reward.expiresAt &&
                      t('sponsorships.friends.expires', { date: date.format(new Date(friend.reward.expiresAt)) })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SponsorshipsView({ sponsorship }: { sponsorship: Sponsorship | null }) {
  return (
    <div className="sponsorships">
      <Share sponsorship={sponsorship} />
      <Rule />
      <Friends friends={sponsorship?.friends ?? null} />
    </div>
  );
}

function Sponsorships() {
  const { t } = useIsland();
  const shop = useShop();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    shop.client.getSponsorship().then(
      (sponsorship) => setLoaded({ status: 'ready', sponsorship }),
      () => setLoaded({ status: 'failed' }),
    );
  }, [shop]);
  useEffect(load, [load]);
  if (loaded.status === 'failed')
    return (
      <div className="sponsorships" role="alert">
        <p>{t('sponsorships.error')}</p>
        <button type="button" className="button" onClick={load}>
          {t('sponsorships.retry')}
        </button>
      </div>
    );
  return <SponsorshipsView sponsorship={loaded.status === 'ready' ? loaded.sponsorship : null} />;
}

export default guardedIsland('sponsorships', Sponsorships, () => <SponsorshipsView sponsorship={null} />);
