/**
 * Shared form/details scaffolding:
 *
 *   const { id } = useParams();
 *   const entity = useEntityForm({ resourcePath: '/api/service', id, schema: serviceBody,
 *     initialValues: { name: '', description: '', price: '', active: true },
 *     redirectTo: '/dashboard/service' });
 *   return <EntityForm entity={entity} cancelTo="/dashboard/service">
 *     <TextInput label="اسم الخدمة" withAsterisk {...entity.form.getInputProps('name')} />
 *     <MoneyInput label="السعر" {...entity.form.getInputProps('price')} />
 *   </EntityForm>;
 */
export { DetailsCard, type DetailsField } from './DetailsCard';
export { DeleteAction, DetailsHeader, DetailsTitle, EditAction, HeaderAction } from './DetailsHeader';
export { EditConflictDialog } from './EditConflictDialog';
export { EntityForm, FormActions, MoneyInput, RecordFormActions, RecordLoadError } from './EntityForm';
export { CitySelect, EmailField, GenderField, OptionSelect, PhoneField } from './inputs';
export {
  type EditConflict,
  type EditedValues,
  fetchVersioned,
  useEditConflict,
  versionOf,
} from './use-edit-conflict';
export {
  type EntityForm as EntityFormState,
  type UseEntityFormOptions,
  useEntityForm,
  useRecord,
} from './use-entity-form';
export { useUnsavedChangesGuard } from './use-unsaved-guard';
