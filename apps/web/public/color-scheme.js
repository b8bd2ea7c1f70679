// Applies the remembered (or system) colour scheme before first paint, so dark mode does not flash.
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('mantine-color-scheme-value');
    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    scheme = stored === 'light' || stored === 'dark' ? stored : prefersDark ? 'dark' : 'light';
  } catch (_error) {
    // storage may be unavailable; Mantine applies the scheme on start anyway
  }
  const root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.classList.toggle('dark', scheme === 'dark');
})();
