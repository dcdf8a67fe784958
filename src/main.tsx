// The browser entry point.
import { StrictMode, Suspense, use, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstRouteTranslations } from './i18n';
import './styles.css';
import { BootActorContext } from './machines/boot/provider';
import { installBackGuard } from './services/back-guard';
import { App } from './views/App';

installBackGuard();

/** Its children once the first route's translations have arrived; the boot runs meanwhile. */
function Translated({ children }: { children: ReactNode }) {
  use(firstRouteTranslations);
  return children;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BootActorContext.Provider>
      <Suspense fallback={null}>
        <Translated>
          <App />
        </Translated>
      </Suspense>
    </BootActorContext.Provider>
  </StrictMode>,
);
