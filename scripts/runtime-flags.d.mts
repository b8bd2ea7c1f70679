/** The built server, as `npm run build` leaves it. */
export declare const serverFile: string;
/** V8's heap settings for the server process, by where its database lives. */
export declare function runtimeFlags(env?: Record<string, string | undefined>): string[];
/** The server process's environment: `env` with glibc's malloc settings for its database. */
export declare function runtimeEnv(
  env?: Record<string, string | undefined>,
): Record<string, string | undefined>;
