// The review screen's layout (issue 21). From 1024 px: the conversation on the left and the evaluation (with the
// discussion under it) on the right, each pane scrolling on its own under the page's header, so the scorecard stays
// in view while the transcript moves. Narrower: tabs Conversation / Evaluation / Discussion, the chosen one kept
// per user; the panels stay mounted (a playing call goes on), and asking for a turn shows the conversation. The
// hidden tabs' panels are rendered once the page is idle (or at once when chosen), not in its first paint.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewTabs, type ReviewTab } from '../../../../services/review-walk/review-tab';
import { PanelTabs } from './PanelTabs';

interface ReviewLayoutProps {
  sideBySide: boolean;
  tab: ReviewTab;
  onTab: (tab: ReviewTab) => void;
  header: ReactNode;
  conversation: ReactNode;
  evaluation: ReactNode;
  discussion: ReactNode;
}

/** A pane scrolls by itself; it is focusable so the keyboard can scroll it too. */
function Pane({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      data-scroll-pane={name}
      className="grid min-h-0 content-start gap-6 overflow-y-auto overscroll-contain rounded-xl pr-1 pb-6 focus-visible:outline-2 focus-visible:outline-purple-600"
    >
      {children}
    </div>
  );
}

/** Runs `task` once the browser is idle; answers how to cancel it. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * Whether each tab's panel is rendered: the chosen tab's at once, the others once the page is idle after its first
 * paint (in a transition, which yields to input), and any tab's from the moment it is chosen. Rendering them all in
 * the first paint held back the chosen tab's own content on a phone; once rendered, a panel stays.
 */
function useRenderedTabs(tab: ReviewTab): (name: ReviewTab) => boolean {
  const [idle, setIdle] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<ReviewTab>>(() => new Set([tab]));
  if (!chosen.has(tab)) setChosen(new Set([...chosen, tab]));
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return (name) => idle || chosen.has(name);
}

export function ReviewLayout({
  sideBySide,
  tab,
  onTab,
  header,
  conversation,
  evaluation,
  discussion,
}: ReviewLayoutProps) {
  const { t } = useTranslation();
  const rendered = useRenderedTabs(tab);
  const contents: Record<ReviewTab, ReactNode> = { conversation, evaluation, discussion };
  if (sideBySide) {
    return (
      // The shell's main element pads 1.5 rem above and below: the panes take the rest of the window.
      <div
        data-testid="review-screen"
        data-layout="panes"
        className="flex h-[calc(100dvh-3rem)] flex-col gap-4"
      >
        <div className="shrink-0">{header}</div>
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-6">
          <Pane label={t('review.panes.conversation')} name="conversation">
            {conversation}
          </Pane>
          <Pane label={t('review.panes.evaluation')} name="evaluation">
            {evaluation}
            {discussion}
          </Pane>
        </div>
      </div>
    );
  }
  return (
    <div data-testid="review-screen" data-layout="tabs">
      {header}
      <PanelTabs
        label={t('review.tabs.label')}
        selected={tab}
        onSelect={onTab}
        tabs={reviewTabs.map((name) => ({
          name,
          label: t(`review.tabs.${name}`),
          content: rendered(name) && contents[name],
          className: name === 'conversation' ? 'grid gap-6' : '',
        }))}
      />
    </div>
  );
}
