import './styles/fonts.css';
import './styles/mantine.css';
import './lib/maintenance';
import './lib/auth';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadOpenedPage } from './app/router';
// After every component's styles, as its rules override some of theirs.
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

/**
 * The start in a few tasks rather than one: the modules (and the session check, which they start)
 * in one, the router with the opened page's code in the next, the first render in a third. A phone
 * answers a tap between them instead of after all three. (Not `await`: an entry module with a
 * top-level await cannot share its modules with the pages, and the app would load as many more
 * files.)
 */
function render(container: HTMLElement) {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (a phone stays responsive while the app starts).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

setTimeout(() => {
  preloadOpenedPage();
  setTimeout(() => render(root));
});

// The offline shell (lib/service-worker.ts), once the page and its first requests are done.
if (import.meta.env.PROD) {
  const registerLater = () => void import('./lib/service-worker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}
