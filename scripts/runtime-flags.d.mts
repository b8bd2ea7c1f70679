/** The built server, as `npm run build` leaves it. */
export declare const serverFile: string;
/** V8's heap settings for the server process, by where its database lives. */
export declare function runtimeFlags(env?: Record<string, string | undefined>): string[];
