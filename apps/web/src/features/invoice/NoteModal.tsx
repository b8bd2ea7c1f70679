import { creditNoteBody, lineTaxOf, type VatCategory, vatCategories, vatCategoryLabels } from '@idara/domain';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEntityForm } from '../../components/entity';
import { notify } from '../../lib/toast';
import { type EinvoiceDetails, INVOICE_PATH, issueNote, type NoteInput } from './invoice-api';

/** The VAT categories of an invoice's lines, in the domain's order (a line without one is standard-rated). */
function invoiceCategories(invoice: EinvoiceDetails): VatCategory[] {
  const present = new Set(invoice.snapshot.lines.map((l) => lineTaxOf(l).vatCategory));
  return vatCategories.filter((c) => present.has(c));
}

/**
 * A credit or debit note against an issued invoice: the reason (required) and the amount, VAT
 * included; on an invoice of several VAT categories, which one it corrects (its rate decides the VAT).
 */
export function NoteModal({
  invoice,
  kind,
  onClose,
  onIssued,
}: {
  invoice: EinvoiceDetails;
  kind: 'credit' | 'debit' | null;
  onClose: () => void;
  onIssued: (note: EinvoiceDetails) => void;
}) {
  const max = Number(invoice.creditable);
  const title = kind === 'credit' ? 'إشعار دائن' : 'إشعار مدين';
  const categories = invoiceCategories(invoice);
  const chooses = categories.length > 1;
  const { form, submit, saving } = useEntityForm<
    { reason: string; amount: string | number; vatCategory: VatCategory | null },
    EinvoiceDetails
  >({
    resourcePath: INVOICE_PATH,
    schema: creditNoteBody,
    initialValues: { reason: '', amount: '', vatCategory: null },
    toBody: ({ reason, amount, vatCategory }) => ({
      reason,
      amount: amount === '' ? undefined : Number(amount).toFixed(2),
      ...(chooses && vatCategory && { vatCategory }),
    }),
    validate: (values, errors) => {
      if (chooses && !values.vatCategory) errors.vatCategory = 'اختر فئة الضريبة التي يصححها الإشعار';
      const value = Number(values.amount);
      if (values.amount === '' || !(value > 0)) errors.amount = 'أدخل مبلغاً أكبر من صفر';
      else if (kind === 'credit' && value > max)
        errors.amount = `لا يتجاوز ما يمكن تخفيضه: ${invoice.creditable} ر.س`;
    },
    save: (body) => issueNote(invoice._id, kind ?? 'credit', body as NoteInput),
    quietErrors: true,
    guardUnsaved: false,
    successMessage: null, // said below with the note's number
    onSaved: (note) => {
      notify.success(`صدر ${title} رقم ${note.number}`);
      form.reset();
      onIssued(note);
    },
  });

  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`${title} على الفاتورة ${invoice.number}`}
      centered
      radius="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {kind === 'credit'
              ? 'يخفّض الإشعار الدائن قيمة الفاتورة (خصم، إلغاء، استرجاع). لا تتغير الفاتورة نفسها بعد إصدارها.'
              : 'يضيف الإشعار المدين إلى قيمة الفاتورة (خدمة إضافية، تصحيح سعر بالزيادة).'}
          </Text>
          <Textarea
            label="السبب"
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          {chooses && (
            <Select
              label="فئة الضريبة"
              withAsterisk
              placeholder="اختر الفئة"
              description="في الفاتورة بنود من أكثر من فئة: الإشعار يصحح فئة واحدة بنسبتها"
              data={categories.map((c) => ({ value: c, label: vatCategoryLabels[c] }))}
              allowDeselect={false}
              {...form.getInputProps('vatCategory')}
            />
          )}
          <NumberInput
            label="المبلغ شامل الضريبة (ر.س)"
            withAsterisk
            decimalScale={2}
            min={0}
            max={kind === 'credit' ? max : undefined}
            description={kind === 'credit' ? `الحد الأقصى ${invoice.creditable} ر.س` : undefined}
            dir="ltr"
            {...form.getInputProps('amount')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              إلغاء
            </Button>
            <Button type="submit" color={kind === 'credit' ? 'orange' : 'blue'} loading={saving}>
              إصدار {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
