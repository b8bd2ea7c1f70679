import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './styles/mantine.css';
import './lib/maintenance';
import './lib/auth';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { revealApp } from './lib/prerender';
// After every component's styles, as its rules override some of theirs.
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// A prerendered page stands in for the loader until the app's first page is there; should that
// never come (a hung request), the app shows itself anyway.
setTimeout(revealApp, 15_000);

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (a phone stays responsive while the app starts).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
