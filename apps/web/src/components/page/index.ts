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
 * other pages; `RecordsCard` is a card of related records (an order's payments, its tasks), and
 * `CardListStates` draws its small list's loading, error and empty states, `CompactTable` a short
 * table of such records from its columns. Inline text direction
 * (`Ltr`, `DateText`) is in `../bidi.tsx`.
 */
export { CardListStates } from './CardListStates';
export { type CompactColumn, CompactTable, NOWRAP } from './CompactTable';
export { EmptyState } from './EmptyState';
export { InfoItem, RecordDates } from './InfoItem';
export { LoadError } from './LoadError';
export { PageSkeleton } from './PageSkeleton';
export { RecordFormGate, RecordGate, RecordPage } from './RecordGate';
export { RecordsCard } from './RecordsCard';
export { NotesSection, Section } from './Section';
