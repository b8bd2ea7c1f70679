import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { type EinvoiceDetails, issueNote } from './invoice-api';

/** A credit or debit note against an issued invoice: the reason (required) and the amount, VAT included. */
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
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<string | number>('');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string }>({});
  const [busy, setBusy] = useState(false);
  const max = Number(invoice.creditable);
  const title = kind === 'credit' ? 'إشعار دائن' : 'إشعار مدين';

  const submit = async () => {
    const next: typeof errors = {};
    if (reason.trim().length < 3) next.reason = 'اكتب سبب الإشعار (3 أحرف على الأقل)';
    const value = Number(amount);
    if (!(value > 0)) next.amount = 'أدخل مبلغاً أكبر من صفر';
    else if (kind === 'credit' && value > max)
      next.amount = `لا يتجاوز ما يمكن تخفيضه: ${invoice.creditable} ر.س`;
    setErrors(next);
    if (next.reason || next.amount || !kind) return;
    setBusy(true);
    try {
      const note = await issueNote(invoice._id, kind, { reason: reason.trim(), amount: value.toFixed(2) });
      notify.success(`صدر ${title} رقم ${note.number}`);
      setReason('');
      setAmount('');
      onIssued(note);
    } catch (e) {
      if (isApiError(e) && e.fieldErrors) setErrors(e.fieldErrors as typeof errors);
      notify.error(e instanceof Error ? e.message : 'تعذّر إصدار الإشعار');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`${title} على الفاتورة ${invoice.number}`}
      centered
      radius="lg"
    >
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
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <NumberInput
          label="المبلغ شامل الضريبة (ر.س)"
          withAsterisk
          decimalScale={2}
          min={0}
          max={kind === 'credit' ? max : undefined}
          description={kind === 'credit' ? `الحد الأقصى ${invoice.creditable} ر.س` : undefined}
          value={amount}
          error={errors.amount}
          onChange={setAmount}
          dir="ltr"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            إلغاء
          </Button>
          <Button color={kind === 'credit' ? 'orange' : 'blue'} loading={busy} onClick={() => void submit()}>
            إصدار {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
