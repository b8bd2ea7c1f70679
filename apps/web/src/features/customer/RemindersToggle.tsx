import { Switch } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';

/** Stops or resumes overdue-balance reminders for one customer (docs/API.md "Reminders"). */
export function RemindersToggle({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const path = `/api/reminder/customer/${customerId}` as const;
  const { data } = useQuery({
    queryKey: [path],
    queryFn: () => api(path, { stopAlert: true }),
  });
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const change = async (receive: boolean) => {
    setBusy(true);
    try {
      const { message } = await api(`${path}/${receive ? 'resume' : 'stop'}`, {
        method: 'POST',
      });
      notify.success(message);
    } catch {
      // api() has shown the server's Arabic reason.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [path] });
    }
  };
  return (
    <Switch
      data-testid="reminders-toggle"
      label="تذكيرات الدفع عبر واتساب"
      checked={!data.remindersStopped}
      disabled={busy}
      onChange={(e) => void change(e.currentTarget.checked)}
    />
  );
}
