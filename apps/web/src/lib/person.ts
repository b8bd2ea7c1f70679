import type { User } from '@idara/domain';

/** Someone a sentence may have as its subject: a user (`gender` may not be known yet, e.g. a form). */
export type Person = Partial<Pick<User, 'gender'>>;

/**
 * The word agreeing with a person: «سيتمكن» for him, «ستتمكن» for her. A person whose gender the
 * API did not give is spoken of in the masculine (the domain's default).
 */
export function forPerson(person: Person | null | undefined, masculine: string, feminine: string): string {
  return person?.gender === 'female' ? feminine : masculine;
}
