/**
 * A record id: a UUID (RFC 9562) as `idSchema` accepts it. Without zod, so the shell's route checks
 * do not pull the validation library into the first page load.
 */
const recordIdPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const isRecordId = (value: unknown): value is string =>
  typeof value === 'string' && recordIdPattern.test(value);
