// The campaign's logo: PNG, JPEG, WebP or SVG up to 2 MB (the server checks the content).
import { PhotoIcon } from '@heroicons/react/24/outline';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { logoMaxBytes, logoMediaTypes, type Campaign } from '../../../../contract/campaigns';
import { useUploadLogo } from '../../../services/queries/campaigns';
import { buttonClass } from '../../components/Button';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';

export function CampaignLogo({ campaign, size = 'size-16' }: { campaign: Campaign; size?: string }) {
  return campaign.logo_url ? (
    <img
      src={campaign.logo_url}
      alt=""
      className={`${size} rounded-lg bg-white object-contain ring-1 ring-gray-200`}
    />
  ) : (
    <span
      className={`${size} grid place-items-center rounded-lg bg-purple-100 text-purple-700`}
      aria-hidden="true"
    >
      <PhotoIcon className="size-1/2" />
    </span>
  );
}

export function CampaignLogoSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadLogo(campaign.id);
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > logoMaxBytes) {
      notify.error('campaigns.logoTooLarge');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success('campaigns.logoSaved'),
      onError: (error) => notify.failure('campaigns.logoFailed', error),
    });
    if (input.current) input.current.value = '';
  };

  return (
    <Section title={t('campaigns.logo')} intro={t('campaigns.logoHint')}>
      <div className="flex items-center gap-4">
        <CampaignLogo campaign={campaign} />
        {/* The input itself takes the focus and the click; its visible label looks like a button and shows
            the focus ring the hidden input cannot. */}
        <input
          ref={input}
          type="file"
          accept={logoMediaTypes.join(',')}
          className="peer sr-only"
          id={`logo-${campaign.id}`}
          disabled={upload.isPending}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <label
          htmlFor={`logo-${campaign.id}`}
          className={`${buttonClass('secondary')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-purple-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
        >
          {upload.isPending ? t('common.working') : t('campaigns.chooseLogo')}
        </label>
      </div>
    </Section>
  );
}
