/**
 * My sponsorships (/mon-compte/mes-parrainages/), signed-in customers only: the rule in the shop's numbers
 * (from the shop API), the referral link to copy, share or mail, the code, and the friends who came
 * through them with how far each got (a first name and an initial: nothing more of someone else), with the
 * reward each brought.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Sponsorship } from '../../lib/shop-api/wire.ts';
import { shopApi } from '../../stores/shop.ts';
import { CopyButton } from '../shared/CopyButton.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import './sponsorships.css';

type Loaded = { status: 'loading' } | { status: 'ready'; sponsorship: Sponsorship } | { status: 'failed' };

function Rule({ rule }: { rule: Sponsorship['rule'] }) {
  const { t, price } = useIsland();
  return (
    <section className="sponsorship-rule card" aria-labelledby="sponsorship-rule-title">
      <h2 id="sponsorship-rule-title">{t('sponsorships.rule.title')}</h2>
      <ul>
        <li>{t('sponsorships.rule.friend', { friendDiscount: price(rule.friendDiscount), friendMinimum: price(rule.friendMinimum) })}</li>
        <li>{t('sponsorships.rule.sponsor', { sponsorReward: price(rule.sponsorReward), days: rule.rewardValidityDays })}</li>
        <li>{t('sponsorships.rule.how')}</li>
      </ul>
    </section>
  );
}

function Share({ sponsorship }: { sponsorship: Sponsorship }) {
  const { t, price } = useIsland();
  const { link, code } = sponsorship;
  const amount = price(sponsorship.rule.friendDiscount);
  const text = t('sponsorships.link.mailBody', { amount, link });
  const mail = `mailto:?subject=${encodeURIComponent(t('sponsorships.link.mailSubject', { amount }))}&body=${encodeURIComponent(text)}`;
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  return (
    <section className="sponsorship-share" aria-labelledby="sponsorship-link-title">
      <h2 id="sponsorship-link-title">{t('sponsorships.link.title')}</h2>
      <p className="sponsorship-link">
        <code data-sponsorship-link>{link}</code>
      </p>
      <div className="sponsorship-actions">
        <CopyButton text={link} label={t('sponsorships.link.copy')} done={t('sponsorships.link.copied')} className="button" />
        {canShare && (
          <button type="button" className="button secondary" onClick={() => navigator.share({ text, url: link }).catch(() => undefined)}>
            {t('sponsorships.link.share')}
          </button>
        )}
        <a className="button secondary" href={mail}>
          {t('sponsorships.link.mail')}
        </a>
      </div>
      <h2>{t('sponsorships.code.title')}</h2>
      <p className="sponsorship-code">
        <strong data-sponsorship-code>{code}</strong>
        <CopyButton text={code} label={t('sponsorships.code.copy')} done={t('sponsorships.code.copied')} />
      </p>
    </section>
  );
}

function Friends({ friends }: { friends: Sponsorship['friends'] }) {
  const { t, price, locale } = useIsland();
  const date = new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' });
  return (
    <section className="sponsorship-friends" aria-labelledby="sponsorship-friends-title">
      <h2 id="sponsorship-friends-title">{t('sponsorships.friends.title')}</h2>
      {friends.length === 0 ? (
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

function Sponsorships() {
  const { t } = useIsland();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    shopApi()
      .getSponsorship()
      .then(
        (sponsorship) => setLoaded({ status: 'ready', sponsorship }),
        () => setLoaded({ status: 'failed' }),
      );
  }, []);
  useEffect(load, [load]);
  if (loaded.status === 'loading') return <SponsorshipsFrame />;
  if (loaded.status === 'failed')
    return (
      <div className="sponsorships" role="alert">
        <p>{t('sponsorships.error')}</p>
        <button type="button" className="button" onClick={load}>
          {t('sponsorships.retry')}
        </button>
      </div>
    );
  const { sponsorship } = loaded;
  return (
    <div className="sponsorships">
      <Share sponsorship={sponsorship} />
      <Rule rule={sponsorship.rule} />
      <Friends friends={sponsorship.friends} />
    </div>
  );
}

/** The page's shape while the customer is checked and their sponsorship loads: nothing below moves once it arrives. */
function SponsorshipsFrame() {
  return (
    <div className="sponsorships sponsorships-frame" aria-busy="true">
      <IslandStatus messageKey="islands.loading" />
    </div>
  );
}

export default guardedIsland('sponsorships', Sponsorships, SponsorshipsFrame);
