/** A bi-nutrition menu per day type: the wet days (or every day) and the other days, each food's grams a day and per meal. */
import type { BiNutritionMenu } from './api.ts';
import { useIsland } from '../shared/island.tsx';

export function MenuView({ menu }: { menu: BiNutritionMenu }) {
  const { t } = useIsland();
  const names = new Map(menu.products.map((p) => [p.sku, p.name]));
  const title = (index: number, days: number) =>
    index === 0
      ? days === 7
        ? t('biNutrition.menu.everyDay')
        : t('biNutrition.menu.wetDays', { days })
      : t('biNutrition.menu.otherDays', { days });
  return (
    <div className="bi-menu">
      {menu.ration.days.map(
        (day, index) =>
          day && (
            <section key={index === 0 ? 'wet' : 'other'} className="bi-day" data-days={day.daysPerWeek}>
              <h3>{title(index, day.daysPerWeek)}</h3>
              <ul>
                {day.foods.map((food) => (
                  <li key={food.key} data-sku={food.key}>
                    {t('biNutrition.menu.food', {
                      name: names.get(food.key) ?? food.key,
                      grams: food.gramsPerDay,
                      perMeal: food.gramsPerMeal,
                    })}
                  </li>
                ))}
              </ul>
            </section>
          ),
      )}
      <p>{t('biNutrition.menu.meals', { meals: menu.ration.meals })}</p>
    </div>
  );
}
