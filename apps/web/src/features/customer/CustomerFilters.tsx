import { customerTypeLabels, customerTypes } from '@idara/domain';
import { FilterSelect, type ListState, LookupFilter } from '../../components/data-table';
import { useCities, useGovernments } from './customer-api';

const TYPE_OPTIONS = customerTypes.map((t) => ({ value: t, label: customerTypeLabels[t] }));

/**
 * The customer filters of a list (`type`, `government`, `city`), each its own control so the list
 * folds them on a narrow screen; choosing a region keeps the city only when it lies in that region.
 */
export function useCustomerFilters(state: ListState) {
  const governments = useGovernments();
  const cities = useCities();
  const region = state.filters.government ?? null;
  const cityOptions = (cities.data?.rows ?? [])
    .filter((c) => !region || c.government === region)
    .map((c) => ({ value: c._id, label: c.name }));
  return (
    <>
      <FilterSelect
        state={state}
        filter="type"
        label="نوع العميل"
        placeholder="كل الأنواع"
        data={TYPE_OPTIONS}
        width={150}
      />
      <LookupFilter
        state={state}
        filter="government"
        label="المنطقة"
        placeholder="كل المناطق"
        data={governments.data?.options ?? []}
        onChange={(v) => {
          const city = state.filters.city;
          const keepCity = v && city && cities.data?.byId.get(city)?.government === v;
          state.setFilters({ government: v, city: keepCity ? city : null });
        }}
      />
      <LookupFilter state={state} filter="city" label="المدينة" placeholder="كل المدن" data={cityOptions} />
    </>
  );
}
