/**
 * Stand-ins a prerendered page carries for the little in it that is the visitor's own (the home
 * page's greeting and date). The build captures them in place of the text; the server puts the
 * visitor's text there per request (apps/api/src/http/prerender.ts).
 */
export const PRERENDER_FILLS = {
  userName: '{{idara:user-name}}',
  today: '{{idara:today}}',
} as const;
