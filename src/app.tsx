// The app's views, rendered once their code has arrived (the entry point starts the boot before: decision 0228).
import { StrictMode, Suspense, use, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstRouteTranslations } from './i18n';
import { installBackGuard } from './services/back-guard';
import { App } from './views/App';
import { conversationListCode } from './views/pages/conversations/conversation-list-code';
import { reviewScreenCode } from './views/pages/conversations/review-screen-code';
import { pageAt, type PageKey } from './views/routes/route-tables';

installBackGuard();

/** The pages reviewers open from links and reloads, whose code downloads while the session is found (decision 0232). */
const openingCode: Partial<Record<PageKey, () => Promise<unknown>>> = {
  conversation: reviewScreenCode,
  conversations: conversationListCode,
};
const opening = pageAt(window.location.pathname);
if (opening) void openingCode[opening]?.().catch(() => undefined);

/** Its children once the first route's translations have arrived; the boot runs meanwhile. */
function Translated({ children }: { children: ReactNode }) {
  use(firstRouteTranslations);
  return children;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Translated>
        <App />
      </Translated>
    </Suspense>
  </StrictMode>,
);
