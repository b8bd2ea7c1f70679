/** A visit as the log and messages name it: «رقم 12 — عيادة النخبة». */
export const visitLabel = (visit: Record<string, unknown>) => `رقم ${visit.number} — ${visit.customerName}`;
