// The review walk above the review screen (issue 21): Back to where the reviewer came from, the conversation's
// place in the walk ("12 of 312 in the list"), Previous / Next, "Validate and next" and the shortcuts' overlay;
// and the page's keys: ? [ ] Esc/u v Shift+V. Without a walk (a conversation opened from a link) there is no
// previous or next, Back goes to the campaign's list and Shift+V only validates. "Validate and next" leaves once
// the server has accepted the validation (the machine says so); on a refusal the page stays and says why.
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon, CheckBadgeIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Conversation } from '../../../../../contract/conversations';
import { EvaluationActorContext } from '../../../../machines/evaluation/provider';
import {
  selectCanChange,
  selectIsBusy,
  selectMayAskValidation,
  selectStage,
} from '../../../../machines/evaluation/selectors';
import { useReviewWalk, type ReviewWalk } from '../../../../services/review-walk/review-walk-context';
import { buttonClass } from '../../../components/Button';
import { codeOnIntent } from '../../../components/code-on-intent';
import { useNotify } from '../../../components/use-notify';
import { useReviewKeys } from './use-review-keys';

// The overlay's code (Headless UI's dialog) loads when it is first wanted, off the review screen's first paint.
const shortcutsCode = codeOnIntent(() => import('./ShortcutsDialog'));
const ShortcutsDialog = lazy(() =>
  shortcutsCode.request().then(({ ShortcutsDialog: dialog }) => ({ default: dialog })),
);
const preloadShortcuts = () => void shortcutsCode.request().catch(() => undefined);

const linkClass =
  'inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-purple-800 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600';

/** The campaign's list: where Back goes without a walk. */
export const campaignListHref = (conversation: Pick<Conversation, 'campaign_id'>) =>
  `/campaigns/${conversation.campaign_id}/conversations`;

function WalkPosition({ walk }: { walk: ReviewWalk }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <p className="text-sm text-gray-700 tabular-nums" data-testid="review-walk-position">
      {walk.position === null || walk.total === null
        ? t(`review.walk.positionUnknown.${walk.source}`)
        : t(`review.walk.position.${walk.source}`, {
            position: number(walk.position),
            total: number(walk.total),
          })}
    </p>
  );
}

export function ReviewWalkBar({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const walk = useReviewWalk();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const stage = EvaluationActorContext.useSelector(selectStage);
  const busy = EvaluationActorContext.useSelector(selectIsBusy);
  const mayAskValidation = EvaluationActorContext.useSelector(selectMayAskValidation);
  const [helpOpen, setHelpOpen] = useState(false);
  const evaluation = conversation.evaluation;
  const backHref = walk?.backHref ?? campaignListHref(conversation);
  const mayValidate = canChange && stage === 'done' && evaluation?.status === 'done' && mayAskValidation;

  const goNext = () => {
    if (!walk) return;
    if (walk.nextHref) {
      navigate(walk.nextHref);
      return;
    }
    navigate(walk.backHref);
    notify.success(`review.walk.done.${walk.source}`);
  };
  // The machine says when the server accepted a validation; the latest goNext (the walk may have loaded since).
  const onAccepted = useRef(goNext);
  useEffect(() => {
    onAccepted.current = goNext;
  });
  useEffect(() => {
    const subscription = actor.on('evaluation.validated', ({ then }) => {
      if (then === 'next') onAccepted.current();
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const validate = () => {
    if (mayValidate && !evaluation.validated) actor.send({ type: 'evaluation.validate', validated: true });
  };
  const validateAndNext = () => {
    if (!walk) {
      validate();
      return;
    }
    if (evaluation?.validated && !busy) goNext();
    else if (mayValidate) actor.send({ type: 'evaluation.validate', validated: true, then: 'next' });
  };
  useReviewKeys(
    {
      help: () => setHelpOpen(true),
      back: () => navigate(backHref),
      'conversation.next': () => {
        if (walk?.nextHref) navigate(walk.nextHref);
      },
      'conversation.previous': () => {
        if (walk?.previousHref) navigate(walk.previousHref);
      },
      validate,
      validateAndNext,
      'field.leave': () => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      },
    },
    !helpOpen,
  );

  return (
    <nav
      aria-label={t('review.walk.label')}
      className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={backHref} className={linkClass}>
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {walk
            ? t(`review.walk.back.${walk.source}`)
            : t('conversation.backToList', { campaign: conversation.campaign_name })}
        </Link>
        {walk && <WalkPosition walk={walk} />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {walk?.previousHref && (
          <Link href={walk.previousHref} className={linkClass}>
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            {t('review.walk.previous')}
          </Link>
        )}
        {walk?.nextHref && (
          <Link href={walk.nextHref} className={linkClass}>
            {t('review.walk.next')}
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          </Link>
        )}
        {walk && canChange && evaluation?.status === 'done' && (
          <button
            type="button"
            disabled={!mayValidate && !evaluation.validated}
            onClick={validateAndNext}
            className={buttonClass('primary')}
          >
            <CheckBadgeIcon className="size-4" aria-hidden="true" />
            {t('review.walk.validateAndNext')}
          </button>
        )}
        <button
          type="button"
          onPointerEnter={preloadShortcuts}
          onFocus={preloadShortcuts}
          onClick={() => setHelpOpen(true)}
          aria-keyshortcuts="?"
          className={buttonClass('secondary')}
        >
          <kbd aria-hidden="true" className="font-mono text-xs">
            ?
          </kbd>
          {t('review.shortcuts.button')}
        </button>
      </div>
      {helpOpen && (
        <Suspense>
          <ShortcutsDialog open onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}
