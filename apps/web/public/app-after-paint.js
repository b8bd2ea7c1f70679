// Prerendered pages only (apps/api/src/http/prerender.ts): the page is already in the HTML, so the
// app's scripts are asked for once it has painted, leaving a slow link to the stylesheet and font
// until then. `data-scripts` lists the entry module first, then the modules it and the page import.
(() => {
  const me = document.currentScript;
  const [entry, ...modules] = (me?.dataset.scripts ?? '').split(' ').filter(Boolean);
  if (!entry) return;
  // Each element asks for a request, which costs the main thread about a millisecond on a phone:
  // a few per task keep the page responsive while the app's forty-odd modules are asked for.
  const PER_TASK = 6;
  const elements = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    const links = modules.map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    });
    return [script, ...links];
  };
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const queue = elements();
    const next = () => {
      document.head.append(...queue.splice(0, PER_TASK));
      if (queue.length > 0) setTimeout(next, 0);
    };
    next();
  };
  // A hidden tab paints nothing: it loads the app at once.
  if (document.visibilityState === 'hidden') return load();
  // The first contentful paint as the browser reports it (once the frame is on screen); a browser
  // without paint timing waits one frame. Should neither come, the app loads anyway.
  setTimeout(load, 3000);
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      load();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(load, 0));
  }
})();
