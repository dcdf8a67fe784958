// The browser entry point.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { BootActorContext } from './machines/boot/provider';
import { installBackGuard } from './services/back-guard';
import { App } from './views/App';

installBackGuard();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BootActorContext.Provider>
      <App />
    </BootActorContext.Provider>
  </StrictMode>,
);
