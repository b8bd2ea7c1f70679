export { LineTaxFields } from './LineTaxFields';
export { TaxBadge } from './TaxBadge';
export { exemptionOptions, sameTax, taxForCategory, vatCategoryOptions } from './tax-options';
export { unitLabels, unitOptions } from './unit-options';
