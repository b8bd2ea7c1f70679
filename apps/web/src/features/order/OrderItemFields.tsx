import { exemptionLabelOf, formatSAR, unitInfo, vatCategoryShortLabels } from '@idara/domain';
import { ActionIcon, Button, NumberInput, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MoneyInput, OptionSelect } from '../../components/entity';
import { LineTaxFields, TaxBadge } from '../../components/tax';
import classes from './OrderForm.module.css';
import { type ItemValues, lineTaxFor, overrideOf, quantityError, type ServiceTerms } from './order-lines';

const TAX_FIELDS = ['vatCategory', 'vatExemptionCode', 'vatExemptionReason'] as const;

/** One line of the order: service, price, quantity in the service's unit, total, and its VAT category. */
export function OrderItemFields({
  form,
  index,
  item,
  terms,
  serviceOptions,
  servicesLoading,
  lineTotal,
  onServiceChange,
  onRemove,
  removable,
}: {
  form: UseFormReturnType<any>;
  index: number;
  item: ItemValues;
  terms: ServiceTerms | null;
  serviceOptions: { value: string; label: string }[];
  servicesLoading: boolean;
  lineTotal: number | null;
  onServiceChange: (serviceId: string | null) => void;
  onRemove: () => void;
  removable: boolean;
}) {
  const path = `items.${index}`;
  const measured = terms ? unitInfo[terms.unit].measured : false;
  const quantityProps = form.getInputProps(`${path}.quantity`);
  return (
    <fieldset
      className={classes.item}
      aria-label={`البند ${index + 1}`}
      data-testid="order-item"
      style={{ margin: 0, minWidth: 0 }}
    >
      <OptionSelect
        className={classes.service}
        label="الخدمة"
        withAsterisk
        loading={servicesLoading}
        placeholder="اختر الخدمة"
        data={serviceOptions}
        {...form.getInputProps(`${path}.service`)}
        onChange={onServiceChange}
      />
      <MoneyInput
        label="سعر الوحدة"
        withAsterisk
        placeholder="0.00"
        {...form.getInputProps(`${path}.unitPrice`)}
      />
      <NumberInput
        label="الكمية"
        withAsterisk
        min={0}
        max={10_000}
        decimalScale={3}
        allowNegative={false}
        hideControls
        // Hours and metres take a fraction; a piece or a visit does not (the keyboard says so on phones).
        inputMode={measured ? 'decimal' : 'numeric'}
        suffix={terms ? ` ${unitInfo[terms.unit].label}` : undefined}
        dir="ltr"
        {...quantityProps}
        // The unit's rule is said as soon as it is broken, not only on saving.
        error={quantityProps.error ?? quantityError(item, terms)}
      />
      <div className={classes.lineTotal}>
        <Text size="sm" fw={500} component="span">
          الإجمالي
        </Text>
        <div className={classes.lineTotalValue} data-testid="line-total">
          {lineTotal === null ? (
            <Text span c="dimmed">
              —
            </Text>
          ) : (
            <bdi>{formatSAR(lineTotal)}</bdi>
          )}
        </div>
      </div>
      <div className={classes.remove}>
        <Tooltip label="حذف البند" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`حذف البند ${index + 1}`}
            disabled={!removable}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      {/* Keyed by the service: choosing another one starts again from its category. */}
      <LineTaxControl key={item.service ?? ''} form={form} path={path} item={item} terms={terms} />
    </fieldset>
  );
}

/**
 * The line's VAT category: its service's, shown as a badge, or the line's own (an export of services
 * sold at home as standard-rated) chosen here. The fields open by themselves for a line of its own.
 */
function LineTaxControl({
  form,
  path,
  item,
  terms,
}: {
  form: UseFormReturnType<any>;
  path: string;
  item: ItemValues;
  terms: ServiceTerms | null;
}) {
  const [open, setOpen] = useState<boolean | null>(null);
  const override = overrideOf(item, terms);
  // The server's word on a line that follows its service is said under the badge.
  const taxError = TAX_FIELDS.map((f) => form.errors[`${path}.${f}`]).find(Boolean);
  const tax = lineTaxFor(item, terms);
  const set = (values: Record<(typeof TAX_FIELDS)[number], string>) => {
    for (const f of TAX_FIELDS) {
      form.setFieldValue(`${path}.${f}`, values[f]);
      form.clearFieldError(`${path}.${f}`);
    }
  };
  if (!(open ?? override !== null)) {
    const reason = exemptionLabelOf(tax);
    return (
      <div className={classes.tax} data-testid="line-tax">
        <Text size="xs" c="dimmed" component="span">
          ضريبة القيمة المضافة:
        </Text>
        <TaxBadge tax={tax} />
        {reason && (
          <Text size="xs" c="dimmed" component="span" className={classes.taxReason}>
            {reason}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => {
            set(tax); // start from what the line has now
            setOpen(true);
          }}
        >
          تغيير فئة الضريبة
        </Button>
        {taxError && (
          <Text size="xs" c="red" role="alert" w="100%">
            {taxError}
          </Text>
        )}
      </div>
    );
  }
  return (
    <div className={classes.taxOpen} data-testid="line-tax">
      <div className={classes.taxFields}>
        <LineTaxFields form={form} path={`${path}.`} categoryLabel="فئة الضريبة لهذا البند" />
      </div>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() => {
          set({ vatCategory: '', vatExemptionCode: '', vatExemptionReason: '' });
          setOpen(false);
        }}
      >
        {terms ? `اتّباع فئة الخدمة (${vatCategoryShortLabels[terms.tax.vatCategory]})` : 'اتّباع فئة الخدمة'}
      </Button>
    </div>
  );
}
