import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { visitFiles } from '../../db/schema';
import type { VisitWorkSource } from '../visit-messages/report-data';
import { answersOf } from './answers';

/** What the technician recorded at a visit, as the visit report prints it: answers and whole files. */
export const storedVisitWork: VisitWorkSource = async (db: DbOrTx, visitId: string) => {
  const [answers, files] = await Promise.all([
    answersOf(db, [visitId]),
    db
      .select({
        _id: visitFiles._id,
        field: visitFiles.field,
        name: visitFiles.name,
        type: visitFiles.type,
        data: visitFiles.data,
      })
      .from(visitFiles)
      .where(and(eq(visitFiles.visit, visitId), isNotNull(visitFiles.completedAt)))
      .orderBy(asc(visitFiles.createdAt)),
  ]);
  return { answers: answers.get(visitId) ?? {}, files };
};
