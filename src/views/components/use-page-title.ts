// The browser tab's title: the page's own heading, then the app's name ("Campaigns · Quality Monitoring").
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePageTitle(heading: string): void {
  const { t } = useTranslation();
  const title = `${heading} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
