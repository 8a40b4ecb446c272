/**
 * The kibble guide's last questions, asked on its results page before the recipes when the pet's profile
 * cannot tell what changes the answer (lib/nutrition/kibble-guide.ts `guideQuestions`): whether an intact
 * adult female is pregnant or nursing (a yes is sent to the vet), and a crossbreed's or an unknown breed's
 * adult size while it may still grow (its growth and its recipe's size). Each is a fieldset with its legend,
 * answered by radio buttons; an unanswered one says so under its legend, in a line kept in the page so
 * nothing moves when it fills.
 */
import { useId, useState, type FormEvent } from 'react';
import { ADULT_SIZES, type AdultSize, type GuideAnswers } from '../../lib/nutrition/kibble-guide.ts';
import { RadioQuestion } from '../shared/forms/RadioQuestion.tsx';
import { useIsland } from '../shared/island.tsx';
import '../shared/forms/forms.css';
import './guides.css';

type Asked = { pregnancy: boolean; adultSize: boolean };
type SizeChoice = AdultSize | 'unknown';

export function GuideQuestions({ name, asked, onAnswered }: { name: string; asked: Asked; onAnswered: (answers: GuideAnswers) => void }) {
  const { t } = useIsland();
  const id = useId();
  const [pregnancy, setPregnancy] = useState<'yes' | 'no' | null>(null);
  const [size, setSize] = useState<SizeChoice | null>(null);
  const [tried, setTried] = useState(false);
  const missingPregnancy = tried && asked.pregnancy && pregnancy === null;
  const missingSize = tried && asked.adultSize && size === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ((asked.pregnancy && pregnancy === null) || (asked.adultSize && size === null)) return;
    onAnswered({
      ...(asked.pregnancy ? { pregnantOrNursing: pregnancy === 'yes' } : {}),
      ...(asked.adultSize ? { adultSize: size === 'unknown' ? null : size } : {}),
    });
  };
  return (
    <form className="guide-questions card" noValidate onSubmit={submit} data-guide-questions>
      <p>{t('guide.questions.intro')}</p>
      {asked.pregnancy && (
        <RadioQuestion
          id={`${id}-pregnancy`}
          name="pregnantOrNursing"
          legend={t('guide.questions.pregnancy.legend', { name })}
          choices={['yes', 'no'] as const}
          labelOf={(value) => t(`guide.questions.pregnancy.${value}`)}
          value={pregnancy}
          onChange={setPregnancy}
          missing={missingPregnancy ? t('guide.questions.required') : null}
          choicesClassName="guide-question-choices"
          question="pregnancy"
        />
      )}
      {asked.adultSize && (
        <RadioQuestion
          id={`${id}-size`}
          name="adultSize"
          legend={t('guide.questions.adultSize.legend', { name })}
          hint={t('guide.questions.adultSize.hint')}
          choices={[...ADULT_SIZES, 'unknown'] as const}
          labelOf={(value) => t(`guide.questions.adultSize.${value}`)}
          value={size}
          onChange={setSize}
          missing={missingSize ? t('guide.questions.required') : null}
          choicesClassName="guide-question-choices"
          question="adultSize"
        />
      )}
      <div className="form-actions guide-actions">
        <button type="submit" className="button">
          {t('guide.actions.results')}
        </button>
      </div>
    </form>
  );
}
