import { forms } from '../../db/schema';
import type { ListResource } from '../../http/list-query';

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

export const formResource: ListResource = {
  table: forms,
  fields: formFields,
  filters: { active: { column: forms.active, type: 'boolean' } },
  searchColumn: forms.searchText,
  defaultSort: '-updatedAt',
  maxLimit: 1000,
};
