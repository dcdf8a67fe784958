// The review screen's layout (issue 21). From 1024 px: the conversation on the left and the evaluation (with the
// discussion under it) on the right, each pane scrolling on its own under the page's header, so the scorecard stays
// in view while the transcript moves. Narrower: tabs Conversation / Evaluation / Discussion, the chosen one kept
// per user; the panels stay mounted (a playing call goes on), and asking for a turn shows the conversation.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewTabs, type ReviewTab } from '../../../../services/review-walk/review-tab';

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
      <TabGroup
        selectedIndex={reviewTabs.indexOf(tab)}
        onChange={(index) => onTab(reviewTabs[index] ?? 'conversation')}
      >
        <TabList
          aria-label={t('review.tabs.label')}
          className="sticky top-0 z-20 mb-4 flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-gray-200"
        >
          {reviewTabs.map((name) => (
            <Tab
              key={name}
              className="flex-1 rounded-lg px-2 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-purple-600 data-selected:bg-purple-700 data-selected:text-white"
            >
              {t(`review.tabs.${name}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel
            unmount={false}
            className="grid gap-6 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            {conversation}
          </TabPanel>
          <TabPanel unmount={false} className="focus-visible:outline-2 focus-visible:outline-purple-600">
            {evaluation}
          </TabPanel>
          <TabPanel unmount={false} className="focus-visible:outline-2 focus-visible:outline-purple-600">
            {discussion}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
