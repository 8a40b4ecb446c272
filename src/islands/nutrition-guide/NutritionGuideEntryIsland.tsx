/**
 * The nutrition guides' entrance (`/userGuide/guide-nutrition-full/` and `-short/`): the shopper's cats,
 * each leading to its bi-nutrition guide (full or mini); without a cat (none yet, or dogs only), the
 * shopper is asked to create their cat's profile first; with cats, another one can be created. A guest's pets count too (the pets store sends the
 * guest token). The frame keeps the answer's height, so nothing moves when the pets arrive.
 */
import { useEffect, useState } from 'react';
import { catsForGuide, GUIDE_OF_ENTRY, type NutritionGuideKind } from '../../lib/nutrition/guide-entry.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { IslandStatus } from '../shared/guard.tsx';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import './nutrition-guide.css';

type Cats = { status: 'loading' } | { status: 'done'; cats: Animal[] } | { status: 'failed' };

function Entry({ kind }: { kind: NutritionGuideKind }) {
  const { t, locale } = useIsland();
  const pets = usePets();
  const [state, setState] = useState<Cats>({ status: 'loading' });
  useEffect(() => {
    void (async () => {
      try {
        const token = await pets.ownerToken();
        const animals = pets.mayOwnPets(token) ? await pets.api.listAnimals(token) : [];
        setState({ status: 'done', cats: catsForGuide(animals) });
      } catch {
        setState({ status: 'failed' });
      }
    })();
  }, [pets]);

  return (
    <div className="nutrition-entry" data-nutrition-entry={kind}>
      <p>{t(`calculator.nutritionGuide.intro.${kind}`)}</p>
      {state.status === 'loading' && <IslandStatus messageKey="islands.loading" />}
      {state.status === 'failed' && (
        <p className="field-error" role="alert">
          {t('calculator.nutritionGuide.error')}
        </p>
      )}
      {state.status === 'done' && state.cats.length === 0 && (
        <div data-no-cat>
          <p>{t('calculator.nutritionGuide.noCat')}</p>
          <p>
            <a className="button" href={pathTo('animalAdd', locale)}>
              {t('calculator.nutritionGuide.createCat')}
            </a>
          </p>
        </div>
      )}
      {state.status === 'done' && state.cats.length > 0 && (
        <>
          <h2>{t('calculator.nutritionGuide.choose')}</h2>
          <ul className="nutrition-entry-cats">
            {state.cats.map((cat) => (
              <li key={cat.id}>
                <a className="button" href={pathTo(GUIDE_OF_ENTRY[kind], locale, { animal: String(cat.id) })}>
                  {t('calculator.nutritionGuide.start', { name: cat.name })}
                </a>
              </li>
            ))}
          </ul>
          {/* A household's other cat, not yet known to the shop, starts from its profile too. */}
          <p>
            <a className="button secondary" href={pathTo('animalAdd', locale)}>
              {t('calculator.nutritionGuide.anotherCat')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

export default function NutritionGuideEntryIsland(props: IslandProps & { kind: NutritionGuideKind }) {
  return (
    <Island locale={props.locale} messages={props.messages}>
      <Entry kind={props.kind} />
    </Island>
  );
}
