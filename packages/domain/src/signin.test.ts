import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signinBody } from './schemas/auth';
import { signinErrors, signinRequest } from './signin';

/** What zod says per field: the first message for each path. */
function zodErrors(values: unknown): Record<string, string> {
  const parsed = signinBody.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const phoneLike = fc.oneof(
  fc.constantFrom(
    '0551234567',
    '+966551234567',
    ' ٠٥٥١٢٣٤٥٦٧ ',
    '055-123-4567',
    '0451234567',
    '',
    '   ',
    '12',
  ),
  fc.string(),
  fc.stringMatching(/^0?5\d{8}$/),
);
const passwordLike = fc.oneof(fc.constantFrom('', 'x', 'كلمة سر'), fc.string({ maxLength: 140 }));

describe('sign-in rules without zod', () => {
  it('refuse and accept exactly what signinBody does, with the same messages', () => {
    fc.assert(
      fc.property(phoneLike, passwordLike, (phoneNumber, password) => {
        const values = { phoneNumber, password };
        expect(signinErrors(values)).toEqual(zodErrors(values));
        if (Object.keys(zodErrors(values)).length === 0) {
          expect(signinRequest(values)).toEqual(signinBody.parse(values));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
