// The name, description and language fields of a campaign form.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import type { CampaignForm } from './campaign-form';

export function CampaignFields({ form }: { form: UseFormReturn<CampaignForm> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <TextField label={t('campaigns.name')} error={errors.name?.message} {...form.register('name')} />
      <TextAreaField
        label={t('campaigns.description')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SelectField
        label={t('campaigns.language')}
        options={[
          { value: 'en', label: t('languages.en') },
          { value: 'fr', label: t('languages.fr') },
        ]}
        {...form.register('language')}
      />
    </>
  );
}
