import type { PersonGender } from '@idara/domain';

/** Someone a sentence may have as its subject; `gender` is absent from older answers. */
export interface Person {
  gender?: PersonGender | null;
}

/**
 * The word agreeing with a person: «سيتمكن» for him, «ستتمكن» for her. A person whose gender the
 * API did not give is spoken of in the masculine (the domain's default).
 */
export function forPerson(person: Person | null | undefined, masculine: string, feminine: string): string {
  return person?.gender === 'female' ? feminine : masculine;
}
