import type { Answers, EinvoiceParty, FormField, NationalAddress, VisitStatus } from '@idara/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cities,
  customerContracts,
  customers,
  equipment,
  forms,
  formVersions,
  users,
  visits,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { sellerAsSet } from '../invoice/parties';

/** A file the technician attached to a visit (a photo, the customer's signature), with its bytes. */
export interface VisitReportFile {
  _id: string;
  /** The form field it answers (its key). */
  field: string;
  name: string;
  type: string;
  data: Uint8Array;
}

/** What was recorded at the visit: the latest answer per field, and the files. */
export interface VisitWork {
  answers: Answers;
  files: VisitReportFile[];
}

/** Where a visit's answers and files are read from (the technician's work tables plug in here). */
export type VisitWorkSource = (db: DbOrTx, visitId: string) => Promise<VisitWork>;

/** Until the visit's answers and files are stored apart, a visit has none. */
export const noVisitWork: VisitWorkSource = async () => ({ answers: {}, files: [] });

/** Everything the visit report prints: pure data, so the drawing needs no database. */
export interface VisitReport {
  seller: EinvoiceParty;
  visit: {
    _id: string;
    number: number;
    status: VisitStatus;
    scheduledAt: Date;
    durationMinutes: number;
    doneAt: Date | null;
    notes: string;
    address: string;
    cityName: string | null;
    customerContractNumber: number | null;
  };
  customer: { name: string; phoneNumber: string; address: NationalAddress };
  technicians: string[];
  equipment: { name: string; serialNumber: string; model: string }[];
  form: { title: string; fields: FormField[] } | null;
  work: VisitWork;
}

/** The visit's checklist: the current version of its form (a version pinned by the answers wins once stored). */
async function formOf(db: DbOrTx, formId: string | null) {
  if (!formId) return null;
  const [row] = await db
    .select({ title: forms.title, fields: formVersions.fields })
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.form, forms._id), eq(formVersions.version, forms.version)))
    .where(eq(forms._id, formId))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return row ?? null;
}

/** A visit's report, read in one place; `work` gives its answers and files. */
export async function loadVisitReport(
  db: DbOrTx,
  visitId: string,
  work: VisitWorkSource = noVisitWork,
): Promise<VisitReport> {
  const [row] = await db
    .select({
      visit: visits,
      cityName: cities.name,
      contractNumber: customerContracts.number,
      customer: {
        name: customers.name,
        phoneNumber: customers.phoneNumber,
        buildingNumber: customers.buildingNumber,
        street: customers.street,
        district: customers.district,
        postalCode: customers.postalCode,
        additionalNumber: customers.additionalNumber,
      },
    })
    .from(visits)
    .innerJoin(customers, eq(customers._id, visits.customer))
    .leftJoin(cities, eq(cities._id, visits.city))
    .leftJoin(customerContracts, eq(customerContracts._id, visits.customerContract))
    .where(eq(visits._id, visitId));
  if (!row) throw notFound('الزيارة');
  const { visit } = row;
  const [customerCity] = await db
    .select({ name: cities.name })
    .from(customers)
    .innerJoin(cities, eq(cities._id, customers.city))
    .where(eq(customers._id, visit.customer));
  const team = visit.assignees.length
    ? await db
        .select({ _id: users._id, name: users.name })
        .from(users)
        .where(inArray(users._id, visit.assignees))
    : [];
  const kit = visit.equipment.length
    ? await db
        .select({
          _id: equipment._id,
          name: equipment.name,
          serialNumber: equipment.serialNumber,
          model: equipment.model,
        })
        .from(equipment)
        .where(inArray(equipment._id, visit.equipment))
    : [];
  const { name, phoneNumber, ...address } = row.customer;
  return {
    seller: await sellerAsSet(db),
    visit: {
      _id: visit._id,
      number: visit.number,
      status: visit.status as VisitStatus,
      scheduledAt: visit.scheduledAt,
      durationMinutes: visit.durationMinutes,
      doneAt: visit.doneAt,
      notes: visit.notes,
      address: visit.address,
      cityName: row.cityName,
      customerContractNumber: row.contractNumber,
    },
    customer: { name, phoneNumber, address: { ...address, city: customerCity?.name ?? '' } },
    // In the team's order, as the office put it.
    technicians: visit.assignees.map((id) => team.find((u) => u._id === id)?.name ?? '').filter(Boolean),
    equipment: visit.equipment.flatMap((id) => kit.filter((k) => k._id === id)),
    form: await formOf(db, visit.form),
    work: await work(db, visitId),
  };
}
