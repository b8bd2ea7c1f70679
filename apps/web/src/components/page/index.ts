/**
 * The pieces of a record's form or details page and of the cards on it:
 *
 *   export default function ThingDetailsPage() {
 *     return <RecordPage useRecord={useThing} backTo="/dashboard/thing" backLabel="العودة إلى …">
 *       {(thing) => <Section title="البيانات"><InfoItem label="الاسم">{thing.name}</InfoItem></Section>}
 *     </RecordPage>;
 *   }
 *
 * `RecordFormGate` does the same for a new/edit form, `LoadError` and `EmptyState` stand alone on
 * other pages, `CardListStates` draws a small list's states inside a card. Inline text direction
 * (`Ltr`, `DateText`) is in `../bidi.tsx`.
 */
export { CardListStates } from './CardListStates';
export { EmptyState } from './EmptyState';
export { InfoItem } from './InfoItem';
export { LoadError } from './LoadError';
export { PageSkeleton } from './PageSkeleton';
export { RecordFormGate, RecordGate, RecordPage } from './RecordGate';
export { Section } from './Section';
