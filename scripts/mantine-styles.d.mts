/** apps/web/src/styles/mantine.css, absolute path. */
export declare const MANTINE_CSS: string;
/** The content mantine.css should have for the build in `dist`. */
export declare function mantineStylesheet(dist: string): string;
