import type { ArabicPluralForms, Permission, RecordBodyName, RecordRows, recordBodies } from '@idara/domain';
import type { IconHome } from '@tabler/icons-react';
import { type ComponentType, createElement } from 'react';
import type { z } from 'zod';
import type { AppRoute, PageModule } from './route-meta';

/**
 * One record screen set declared in one place: its routes (spec §2 paths and titles, §6
 * permissions), its sidebar entry, its activity-log link, its list columns and filters, its form
 * and its details. The list, form and details screens (`components/resource/`) draw any resource;
 * this file holds only data, because the route table and the sidebar load with the app's first
 * script: the screens' code still loads per page.
 */
export interface Resource {
  /** `/api/<api>`, the domain's body schema (`recordBodies[name]`) and the activity log's entity. */
  name: RecordBodyName;
  api: string;
  /** `/dashboard/<base>`: the list; `/new`, `/:id`, `/edit/:id` beside it. */
  base: string;
  /** The permissions' area: `<area>:read|create|update|delete|details` (regions use `gov`). */
  area: string;
  /** The activity log's name of its rows: the name unless given (an entity's rows go by its area, `customerContract`). */
  entity: string;
  titles: { list: string; new: string; edit: string; details?: string };
  /**
   * A record without a name is named by its number: «العقد رقم 12» with `numbered: 'العقد'` (the
   * details' title, a row's label in a card or a delete question).
   */
  numbered?: string;
  /** The new and edit pages themselves ask for `<area>:create` / `<area>:update` (spec §6 names it for some). */
  guardForms?: boolean;
  /** Its sidebar entry; `order` places it in its group (unordered ones follow, by title). */
  nav: { group: NavGroupLabel; label: string; icon: typeof IconHome; description?: string; order?: number };
  /**
   * A tab on the page of the record this one refers to, listing its records (a customer's
   * equipment on the customer's page): `filter` is the list filter holding that record's id,
   * `sort` their order (newest first by default).
   */
  relatedTab?: { ref: RefName; filter: string; label: string; sort?: string };
  /** Whether its records have a details page; without one a row opens the edit page. */
  hasDetails: boolean;
  /**
   * What its list, form and details draw: here, or in a module of its own loaded with the first of
   * its pages (`() => import('./x-screens')`, that module's default a `defineScreens`), so that a
   * long one's words stay out of the first script.
   */
  screens: Screens | (() => Promise<{ default: Screens }>);
}

/** What a resource's screens draw. */
export interface Screens {
  list: {
    columns: Column[];
    filters?: Filter[];
    createLabel: string;
    exportTitle: string;
    searchPlaceholder: string;
    /** The list's first order: by name, or the newest number first for a numbered record. */
    sort?: string;
  };
  form: {
    fields: Field[];
    /** The form card's width; 760 by default. */
    maxWidth?: number;
    /**
     * A save the server refuses as a clash (409 with `clash`, a double booking) may be made anyway
     * with a reason, sent as `override: {reason}`: what the dialog that asks for it says.
     */
    override?: OverrideTexts;
  };
  details?: Details;
}

/** A record's details page: what it shows and what may be done there. */
export interface Details {
  fields: DetailsField[];
  /** Records of another resource that point at this one, shown as linked badges under the card. */
  related?: Related;
  /** The rows of one of the record's own list fields (a contract's visits), each opening its record. */
  items?: Items;
  /** What may be done to the record besides editing and deleting it (cancel, renew, a visit's steps). */
  actions?: RecordAction[];
  /** Files the record prints (a visit's report), for whoever may open the page. */
  documents?: RecordDocument[];
  /** «تعديل» is offered only while this holds (a done visit is not edited). */
  editableWhen?: Condition;
}

/** The sidebar group a resource's entry joins (`app/navigation.ts`). */
export type NavGroupLabel = 'العملاء' | 'الصيانة' | 'البيانات الأساسية';

/** A field of the record holding one of some values (`status` in planned, on the way). */
export interface Condition {
  field: string;
  in: readonly string[];
}

/** The clash dialog's words: its title, the reason's label and example, the button that books anyway. */
export interface OverrideTexts {
  title: string;
  label: string;
  placeholder: string;
  submitLabel: string;
}

/**
 * An action on one record: `POST <api>/:id/<path>` with `body`, by those holding `<area>:<permission>`
 * (the server checks it as well), shown while `when` holds; asked first when it cannot be undone.
 */
export interface RecordAction {
  path: string;
  body?: Record<string, string>;
  label: string;
  /** Named, not imported: the icons load with the details page, not with the first script. */
  icon: ActionIconName;
  color?: string;
  permission: 'create' | 'update' | 'delete';
  when?: Condition;
  /** A yes/no question first. */
  confirm?: { title: string; message: string; confirmLabel: string };
  /** A reason first, sent as the body's `reason` (a cancellation). */
  reason?: OverrideTexts;
  /** The answer is another record of this kind (a renewal): it opens once made. */
  opensResult?: boolean;
  /** The toast once done. */
  done: string;
}

/** `GET <api>/:id/<path>`: a file of the record, downloaded under the server's name (`fileName` if none). */
export interface RecordDocument {
  path: string;
  label: string;
  fileName: string;
  /** Offered only while this holds. */
  when?: Condition;
}

/** The icons a record action may show (`components/resource/action-icons.ts`). */
export type ActionIconName =
  | 'renew'
  | 'cancel'
  | 'replan'
  | 'onTheWay'
  | 'arrived'
  | 'start'
  | 'done'
  | 'missed';

/** A list field of the record (`visits: [{_id, number, …}]`) shown as a table of another resource's records. */
export interface Items {
  key: string;
  title: string;
  /** The resource each row is (its page opens from the row, by `<resource>:details`). */
  resource: RecordBodyName;
  columns: Column[];
  empty: string;
  /** That resource's list filter naming this record: «عرض في القائمة» opens the whole list so filtered. */
  filter?: string;
}

/** How a value is shown in a list cell or a details field. */
export type Display =
  | 'text'
  | 'money'
  | 'active'
  | 'date'
  | 'hijriDate'
  | { plural: ArabicPluralForms }
  | { badge: Record<string, string> }
  /** A code shown as its label ('hour' → 'ساعة'). */
  | { labels: Record<string, string> }
  /** The row's VAT category (`short` in a list) with its reason (components/tax). */
  | { lineTax: 'short' | 'full' }
  | { lookup: LookupName; link?: { base: string; permission: Permission } }
  /** A reference: the row's `<key>Name` (or `<key>Number`), linked to the record when the user may open it. */
  | { ref: RefName | ShownRefName }
  /** A calendar day ('YYYY-MM-DD'): the Gregorian day with its Umm al-Qura date beside it. */
  | 'day'
  /** A record's number: '#12'. */
  | 'number'
  /**
   * A status as a coloured badge; with `overdue`, that label beside it while the row's time has
   * passed and it is still open (the domain's `isOverdueVisit`).
   */
  | { status: Record<string, string>; colors: Record<string, string>; overdue?: string }
  /** Ids of a choice list (a team, equipment), each by its name. */
  | { choices: ChoiceName };

/** Reference data a screen may name (`components/resource/lookups.ts`). */
export type LookupName = 'governments' | 'cities' | 'contracts' | 'users';

/** Records a field may refer to, each with its server-searched picker (`components/resource/refs.tsx`). */
export type RefName = 'customer' | 'customerContract';
/** Records a value may name and link to, picked elsewhere through a lookup (a city, a contract type). */
export type ShownRefName = 'city' | 'contract';

/** Lists to choose several of (`components/resource/choices.ts`): active employees, a customer's equipment. */
export type ChoiceName = 'users' | 'equipment';

export interface Column<Key extends string = string> {
  key: Key;
  header: string;
  display?: Display;
  sortable?: boolean;
  nowrap?: boolean;
  /**
   * How much the column matters on a narrow screen (the list's `ColumnMeta.priority`): 1 always
   * shown, 2 a card's field, 3 only while it fits. The first column is the row's name (1).
   */
  priority?: number;
}

export type Filter<Key extends string = string> = {
  filter: Key;
  label: string;
  placeholder: string;
  width: number;
} & (
  | { options: { value: string; label: string }[] }
  | { lookup: LookupName }
  /** The referred record, picked by searching the server. */
  | { ref: RefName }
  /** An inclusive range of calendar days (`<filter>From`, `<filter>To`), Gregorian or Hijri. */
  | { days: true }
  /** The same over an instant (a visit's time): from the first to the last moment of those Riyadh days. */
  | { instants: true }
);

export interface DetailsField<Key extends string = string> {
  label: string;
  /** The record's field; `relatedCount` shows how many `related` records there are. */
  key: Key | 'relatedCount';
  display?: Display;
  wide?: boolean;
  /** Shown beside the title rather than among the fields (the status). */
  inTitle?: boolean;
  /** Left out while empty (who finished a visit, before it is done). */
  hideEmpty?: boolean;
  /** Shown only while this holds (the billing period of periodic billing). */
  when?: Condition;
}

export interface Related {
  api: string;
  /** The related list's filter holding this record's id. */
  filter: string;
  title: string;
  base: string;
  readPermission: Permission;
  detailsPermission: Permission;
  empty: string;
  addLabel: string;
}

interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  required?: boolean;
  /** Shares a two-column row with the neighbouring half fields. */
  half?: boolean;
  description?: string;
  placeholder?: string;
  /** Asked only while another field holds one of these values (the billing period of periodic billing). */
  when?: { field: Name | (string & {}); in: readonly string[] };
}

export type Field<Name extends string = string> = FieldBase<Name> &
  (
    | { kind: 'text' | 'money' }
    | { kind: 'textarea'; maxRows: number }
    /** `counted`: the value said as a counted Arabic phrase under the input ('12 شهراً'). */
    | { kind: 'integer'; initial: number; min: number; max: number; counted?: ArabicPluralForms }
    | { kind: 'switch'; initial: boolean }
    | { kind: 'select'; initial: string; options: { value: string; label: string }[] }
    /**
     * A searchable choice over a lookup; on a new record the URL's `?<name>=` preselects it.
     * `fills`: choosing copies the chosen row's values into other fields (the type's price), unless
     * they were changed by hand.
     */
    | { kind: 'lookup'; lookup: LookupName; fills?: Record<string, string> }
    /** Several of a choice list; a scoped one (a customer's equipment) waits for its scope's field. */
    | { kind: 'choices'; of: ChoiceName }
    /** A Riyadh date and time, with the Hijri date under the picker. */
    | { kind: 'dateTime' }
    /** Another record, picked by searching the server (`components/resource/refs.tsx`). */
    | { kind: 'ref'; ref: RefName }
    /** A calendar day, with its Hijri date under the picker. */
    | { kind: 'day' }
    /** One of the active forms of the form builder, searched on the server. */
    | { kind: 'formTemplate' }
    /**
     * A supply's VAT: three values (`vatCategory`, `vatExemptionCode`, `vatExemptionReason`) and up to
     * three inputs, the reason's only where the category needs one; `name` is `vatCategory`.
     */
    | { kind: 'lineTax' }
  );

type RowKey<N extends RecordBodyName> = keyof RecordRows[N] & string;
type BodyKey<N extends RecordBodyName> = keyof z.input<(typeof recordBodies)[N]> & string;

/** The API's list filters that are not fields of the row (docs/API.md). */
interface ListOnlyFilters {
  'customer-contract': 'assignee' | 'endingWithin';
  visit: 'assignee' | 'region' | 'overdue' | 'unassigned';
}
type FilterKey<N extends RecordBodyName> =
  | RowKey<N>
  | (N extends keyof ListOnlyFilters ? ListOnlyFilters[N] : never);

/** The row's list fields (`visits`) and the keys of their items. */
type ListKey<N extends RecordBodyName> = {
  [K in RowKey<N>]-?: NonNullable<RecordRows[N][K]> extends readonly object[] ? K : never;
}[RowKey<N>];
type ItemKey<N extends RecordBodyName, K extends ListKey<N>> =
  NonNullable<RecordRows[N][K]> extends readonly (infer Item)[] ? keyof Item & string : never;
type ItemsOf<N extends RecordBodyName> = {
  [K in ListKey<N>]: Omit<Items, 'key' | 'columns'> & { key: K; columns: Column<ItemKey<N, K>>[] };
}[ListKey<N>];

/** The list, form and details of `N`'s records as a resource writes them, each key one of the record's. */
export interface ScreensDefinition<N extends RecordBodyName> {
  list: Omit<Screens['list'], 'columns' | 'filters'> & {
    columns: Column<RowKey<N>>[];
    filters?: Filter<FilterKey<N>>[];
  };
  form: Omit<Screens['form'], 'fields'> & { fields: Field<BodyKey<N>>[] };
  /** Without `fields`, the form's fields in its order (each shown as its kind is), then when it was added. */
  details?: Omit<Details, 'fields' | 'items' | 'editableWhen'> & {
    fields?: DetailsField<RowKey<N>>[];
    items?: ItemsOf<N>;
    editableWhen?: Condition & { field: RowKey<N> };
  };
}

/**
 * What a resource file writes: the API path, the page path and the permissions' area follow the
 * name unless given. Every column, filter and details key is a field of the record's answer
 * (`RecordRows`), every form field one of its body (`recordBodies`): a misspelt key does not compile.
 * Its screens are written here, or loaded with its pages (`screens: () => import('./x-screens')`:
 * then it has a details page when it has a details title).
 */
export type ResourceDefinition<N extends RecordBodyName> = Omit<
  Resource,
  'name' | 'api' | 'base' | 'area' | 'entity' | 'relatedTab' | 'hasDetails' | 'screens'
> &
  Partial<Pick<Resource, 'api' | 'base' | 'area' | 'entity'>> & {
    name: N;
    relatedTab?: { ref: RefName; filter: RowKey<N>; label: string; sort?: string };
  } & (ScreensDefinition<N> | { screens: () => Promise<{ default: Screens }> });

/** `/api/<name>`, `/dashboard/<name>`, the `<name>:…` permissions and log rows unless the definition says otherwise. */
export function defineResource<N extends RecordBodyName>(definition: ResourceDefinition<N>): Resource {
  const { name } = definition;
  const common = { api: `/api/${name}`, base: `/dashboard/${name}`, area: name, entity: name };
  if ('screens' in definition)
    return { ...common, ...definition, hasDetails: Boolean(definition.titles.details) };
  const { list, form, details, ...rest } = definition;
  return {
    ...common,
    ...rest,
    hasDetails: Boolean(details),
    screens: defineScreens(name, { list, form, details }),
  };
}

/** A resource's screens in a module of their own (`screens: () => import('./x-screens')`), checked as in `defineResource`. */
export function defineScreens<N extends RecordBodyName>(_name: N, screens: ScreensDefinition<N>): Screens {
  const { details } = screens;
  return {
    ...screens,
    details: details && { ...details, fields: details.fields ?? detailsFromForm(screens.form.fields) },
  };
}

/** A details card that shows what the form asks, as each kind of field is shown, then the day it was added. */
function detailsFromForm(fields: Field[]): DetailsField[] {
  const shown = fields.flatMap((f): DetailsField[] => {
    if (f.kind === 'lineTax') return [];
    const display: Display | undefined =
      f.kind === 'ref'
        ? { ref: f.ref }
        : f.kind === 'day'
          ? 'day'
          : f.kind === 'money'
            ? 'money'
            : f.kind === 'choices'
              ? { choices: f.of }
              : f.kind === 'dateTime'
                ? 'hijriDate'
                : undefined;
    return [{ label: f.label, key: f.name, display, wide: f.kind === 'textarea' }];
  });
  return [...shown, { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' }];
}

export const permissionOf = (resource: Resource, action: string) =>
  `${resource.area}:${action}` as Permission;

export const detailsPath = (resource: Resource, id: string) => `${resource.base}/${id}`;

/** A record's name: its `name`, or «العقد رقم 12» for a numbered one. */
export const recordTitle = (resource: Resource, row: Record<string, unknown>): string =>
  resource.numbered ? `${resource.numbered} رقم ${row.number}` : String(row.name ?? '');

/** Whether a condition holds for a record (none: always). */
export const holds = (condition: Condition | undefined, row: Record<string, unknown>) =>
  !condition || condition.in.includes(String(row[condition.field]));
export const editPath = (resource: Resource, id: string) => `${resource.base}/edit/${id}`;

type Screen = ComponentType<{ resource: Resource }>;

/** A page loader per resource and screen; the component is made once, so a page keeps its identity. */
function screenPage(load: () => Promise<{ default: Screen }>) {
  const made = new WeakMap<Resource, ComponentType>();
  return (resource: Resource) => (): Promise<PageModule> => {
    // Screens kept in a module of their own are fetched beside the page's code, not after it.
    if (typeof resource.screens === 'function') void resource.screens();
    return load().then(({ default: Screen }) => {
      let page = made.get(resource);
      if (!page) {
        page = () => createElement(Screen, { resource });
        made.set(resource, page);
      }
      return { default: page };
    });
  };
}

const listPage = screenPage(() => import('../components/resource/ResourceListPage'));
const detailsPage = screenPage(() => import('../components/resource/ResourceDetailsPage'));
// New and edit get loaders of their own, so going from one to the other remounts the form.
const newPage = screenPage(() => import('../components/resource/ResourceFormPage'));
const editPage = screenPage(() => import('../components/resource/ResourceFormPage'));

/** The resource's rows of the route table. */
export function resourceRoutes(resource: Resource, validate: NonNullable<AppRoute['validate']>): AppRoute[] {
  const { base, titles } = resource;
  const guard = (action: string) =>
    resource.guardForms ? { permissions: [permissionOf(resource, action)] } : {};
  return [
    {
      path: base,
      title: titles.list,
      listPermissions: [permissionOf(resource, 'read')],
      page: listPage(resource),
    },
    { path: `${base}/new`, title: titles.new, ...guard('create'), page: newPage(resource) },
    ...(resource.hasDetails && titles.details
      ? [{ path: `${base}/:id`, title: titles.details, validate, page: detailsPage(resource) }]
      : []),
    { path: `${base}/edit/:id`, title: titles.edit, ...guard('update'), validate, page: editPage(resource) },
  ];
}
