/**
 * What a product's feeding table states, so its caption says it: a treat's table is a daily maximum (treats
 * complement a diet), a food's is the daily ration of the life stage it is made for: a growing puppy or
 * kitten, an adult, a senior, or an animal of any age.
 */
export type FeedingTableScope = 'treat' | 'puppy' | 'kitten' | 'adult' | 'senior' | 'all';

const lifeStages: ReadonlySet<string> = new Set(['puppy', 'kitten', 'adult', 'senior', 'all']);

export function feedingTableScope(kind: 'dry' | 'wet' | 'treat', lifeStage: string): FeedingTableScope {
  if (kind === 'treat') return 'treat';
  // An unknown life stage reads as "any age": the caption then claims nothing it cannot know.
  return lifeStages.has(lifeStage) ? (lifeStage as FeedingTableScope) : 'all';
}
