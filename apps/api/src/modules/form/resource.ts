import { forms } from '../../db/schema';
import { listResource } from '../../http/list-parts';

export const formFields = {
  _id: forms._id,
  title: forms.title,
  description: forms.description,
  active: forms.active,
  version: forms.version,
  rowVersion: forms.rowVersion,
  fieldCount: forms.fieldCount,
  createdBy: forms.createdBy,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

export const formResource = listResource(forms, formFields, {
  filters: { active: { column: forms.active, type: 'boolean' } },
  defaultSort: '-updatedAt',
  maxLimit: 1000,
});
