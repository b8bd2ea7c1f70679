import { z } from 'zod';
import { defineEntity } from '../entity';
import { coreNouns } from '../grammar';
import { dayOut, optionalDayInput, optionalText, refInput, text } from '../schemas/fields';
import { idOut, storedRowOut } from '../schemas/responses/common';
import { entityFacts } from './facts';

/** معدات العملاء (its facts: `entityFacts.equipment`): what is installed at each customer, by serial number (contracts and visits name it). */
export const equipment = /* @__PURE__ */ defineEntity(entityFacts.equipment, () => ({
  body: z
    .object({
      name: text('اسم المعدّة', 150),
      serialNumber: text('الرقم التسلسلي', 100),
      customer: refInput(coreNouns.customer),
      model: optionalText(150),
      installedAt: optionalDayInput('تاريخ التركيب'),
      warrantyUntil: optionalDayInput('نهاية الضمان'),
      notes: optionalText(2000),
    })
    .superRefine((e, ctx) => {
      if (e.installedAt && e.warrantyUntil && e.warrantyUntil < e.installedAt)
        ctx.addIssue({ code: 'custom', path: ['warrantyUntil'], message: 'نهاية الضمان قبل تاريخ التركيب' });
    }),
  row: storedRowOut('Equipment', {
    name: z.string(),
    serialNumber: z.string(),
    customer: idOut,
    customerName: z.string(),
    model: z.string(),
    installedAt: dayOut.nullable(),
    warrantyUntil: dayOut.nullable(),
    notes: z.string(),
  }),
}));
export type Equipment = z.output<typeof equipment.row>;
