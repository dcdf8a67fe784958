// An item's "Test" button: chooses the item in the test panel and takes the reader there, focus on the panel's
// item select (the item is tested as it is being edited).
import { BeakerIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { itemTestSelectId, useItemTestTarget } from './item-test-target';

export function TestItemButton({ position, label }: { position: string; label: string }) {
  const { t } = useTranslation();
  const target = useItemTestTarget();
  if (!target) return null;
  const test = () => {
    target.choose(position);
    const select = document.getElementById(itemTestSelectId);
    select?.scrollIntoView({ block: 'center' });
    select?.focus();
  };
  return (
    <Button
      variant="secondary"
      aria-label={t('evaluationGrid.testPanel.testItem', { name: label })}
      title={t('evaluationGrid.testPanel.testItem', { name: label })}
      onClick={test}
    >
      <BeakerIcon className="size-4" aria-hidden="true" />
    </Button>
  );
}
