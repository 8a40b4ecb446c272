/** The personal data page, authenticated only: the customer's data and the password change. */
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { useIsland } from '../shared/island.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { useCustomer } from './customer.ts';
import { PersonalDataForm } from './PersonalDataForm.tsx';

function PersonalData() {
  const { t } = useIsland();
  const { customer, status } = useCustomer();
  if (status === 'failed') return <ErrorList messages={[t('forms.errors.generic')]} />;
  if (status !== 'ready' || !customer) return <IslandStatus messageKey="islands.loading" />;
  return (
    <div className="personal-data">
      <PersonalDataForm key={customer['@id']} customer={customer} />
      <ChangePasswordForm />
    </div>
  );
}

export default guardedIsland('personalData', PersonalData);
